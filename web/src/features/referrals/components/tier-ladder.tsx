import { CheckCircle2, Gift, Lock } from 'lucide-react';
import type { LoyaltyProgramme } from '@tollgate/contract/growth/loyalty';
import { Badge } from '#components/ui/badge.tsx';
import { cn } from '#lib/cn.ts';
import { formatBalance, formatDate, formatNumber } from '#lib/format.ts';

/** How a threshold or progress reads under the rule: `$250.00` spent or `5 orders`. */
export function ruleAmount(rule: LoyaltyProgramme['rule'], value: number): string {
  return rule === 'lifetime_spend'
    ? formatBalance(value)
    : `${formatNumber(value)} ${value === 1 ? 'order' : 'orders'}`;
}

/** The tiers in order, each with a bar of how far along the customer is and what it gives. */
export function TierLadder({ programme }: { programme: LoyaltyProgramme }) {
  return (
    <ol className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Loyalty tiers">
      {programme.tiers.map((tier) => {
        const share = Math.min(100, Math.round((programme.progress / tier.threshold) * 100));
        const Icon = tier.status === 'claimed' ? CheckCircle2 : tier.status === 'claimable' ? Gift : Lock;
        return (
          <li
            key={tier.id}
            className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center"
            data-testid={`tier-${tier.id}`}
          >
            <div className="flex min-w-0 flex-1 items-start gap-3">
              <span
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-lg',
                  tier.status === 'claimed'
                    ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
                    : tier.status === 'claimable'
                      ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300'
                      : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900 dark:text-white">
                  {tier.name}
                  <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
                    at {ruleAmount(programme.rule, tier.threshold)}
                  </span>
                </p>
                <div
                  className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                  role="progressbar"
                  aria-label={`Progress to ${tier.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={share}
                >
                  <div
                    className={cn('h-full rounded-full', share >= 100 ? 'bg-emerald-500' : 'bg-brand-500')}
                    style={{ width: `${share}%` }}
                  />
                </div>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {tier.status === 'locked'
                    ? `${ruleAmount(programme.rule, tier.remaining)} to go`
                    : tier.status === 'claimed'
                      ? `Claimed ${formatDate(tier.claimedAt)}`
                      : 'Reached: ready to claim'}
                </p>
              </div>
            </div>
            <div className="flex items-center gap-3 sm:flex-col sm:items-end">
              <span className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white">
                {formatBalance(tier.credited ?? tier.reward)}
              </span>
              <Badge tone={tier.status === 'claimed' ? 'brand' : tier.status === 'claimable' ? 'success' : 'neutral'}>
                {tier.status === 'claimed' ? 'Claimed' : tier.status === 'claimable' ? 'Claimable' : 'Locked'}
              </Badge>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
