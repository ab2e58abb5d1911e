import { Award, BadgeCheck, Gift, TrendingUp } from 'lucide-react';
import { LOYALTY_RULE_LABELS } from '@tollgate/contract/growth/loyalty';
import { PageHeader } from '#components/page-header.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatBalance } from '#lib/format.ts';
import { useClaimLoyaltyRewards, useLoyaltyProgramme } from '../api/referrals.ts';
import { ClaimButton } from '../components/claim-button.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { ruleAmount, TierLadder } from '../components/tier-ladder.tsx';

/** /rewards: loyalty tiers by lifetime spend (or the operator's rule), each claimed once to the balance. */
export default function RewardsPage() {
  const programme = useLoyaltyProgramme();
  const claim = useClaimLoyaltyRewards();
  if (programme.isPending) return <PageSpinner />;
  if (programme.error) return <ErrorState error={programme.error} onRetry={() => void programme.refetch()} />;
  const p = programme.data;
  const next = p.stats.nextTier;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Rewards"
        description={
          p.rule === 'lifetime_spend'
            ? 'The more you spend on plans, the more you get back. Each tier pays once, to your balance.'
            : 'Every paid order brings you closer to the next reward. Each tier pays once, to your balance.'
        }
        actions={<ClaimButton amount={p.stats.claimable} claim={claim} what="loyalty" />}
      />
      <StatTiles
        label="Reward figures"
        tiles={[
          {
            label: LOYALTY_RULE_LABELS[p.rule],
            value: ruleAmount(p.rule, p.progress),
            icon: TrendingUp,
            tone: 'text-sky-600 bg-sky-50 dark:text-sky-300 dark:bg-sky-500/15',
          },
          {
            label: 'Next tier',
            value: next ? next.name : 'All reached',
            hint: next ? `${ruleAmount(p.rule, next.remaining)} to go` : undefined,
            icon: Award,
            tone: 'text-violet-600 bg-violet-50 dark:text-violet-300 dark:bg-violet-500/15',
          },
          {
            label: 'Claimable',
            value: formatBalance(p.stats.claimable),
            icon: Gift,
            tone: 'text-emerald-700 bg-emerald-50 dark:text-emerald-300 dark:bg-emerald-500/15',
          },
          {
            label: 'Claimed',
            value: formatBalance(p.stats.claimed),
            hint: `${p.stats.claimedCount} ${p.stats.claimedCount === 1 ? 'tier' : 'tiers'}`,
            icon: BadgeCheck,
            tone: 'text-brand-700 bg-brand-50 dark:text-brand-200 dark:bg-brand-500/15',
          },
        ]}
      />
      <Card>
        <CardHeader title="Loyalty tiers" description="Reach a tier and its reward is yours to claim." />
        {p.tiers.length === 0 ? (
          <EmptyState icon={Award} title="No tiers right now" description="Loyalty rewards are paused at the moment." />
        ) : (
          <TierLadder programme={p} />
        )}
      </Card>
    </div>
  );
}
