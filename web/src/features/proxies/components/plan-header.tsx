import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, BarChart3 } from 'lucide-react';
import { isCountryLocked } from '@tollgate/contract/proxies/countries';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { FactLine } from '#components/ui/fact-line.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { formatBytes, formatCountry, formatDate, formatNumber } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { bytesLeft, gbAsBytes, planFacts, planName } from '#lib/plan-identity.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { usagePath } from '../utils/usage-range.ts';
import { PlanSwitcher } from './plan-switcher.tsx';

const STATUS: Record<Subscription['status'] | 'depleted', { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  depleted: { label: 'Depleted', tone: 'warning' },
  expired: { label: 'Expired', tone: 'danger' },
  pending: { label: 'Pending', tone: 'info' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900 tabular-nums dark:text-white">{children}</dd>
    </div>
  );
}

/** Which plan this is, whether it runs, until when, and what is left of it. */
export function PlanHeader({ subscription }: { subscription: Subscription }) {
  const status = STATUS[subscription.status === 'active' && subscription.depleted ? 'depleted' : subscription.status];
  const byBandwidth = subscription.bandwidth > 0 || subscription.threads === 0;
  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <Link to={paths.dashboard} className={buttonClass('ghost', 'sm', '-ml-3 mb-1')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Dashboard
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-white">
            {planName(subscription)}
          </h1>
          <FactLine
            className="mt-1"
            facts={[...(subscription.label ? [subscription.planTitle] : []), ...planFacts(subscription)]}
          />
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge tone="brand">{PLAN_TYPE_LABELS[subscription.type]}</Badge>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
        </div>
        <Link to={usagePath(subscription.id)} className={buttonClass('outline', 'md')}>
          <BarChart3 className="size-4" aria-hidden="true" />
          Usage
        </Link>
      </div>
      <PlanSwitcher subscriptionId={subscription.id} />
      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
        <Fact label={subscription.status === 'expired' ? 'Expired' : 'Expires'}>
          {subscription.expiresAt ? (
            <time dateTime={subscription.expiresAt}>{formatDate(subscription.expiresAt)}</time>
          ) : (
            'When paid'
          )}
        </Fact>
        {byBandwidth ? (
          <Fact label="Bandwidth left">
            <span data-testid="bandwidth-left">
              {formatBytes(bytesLeft(subscription))} of {formatBytes(gbAsBytes(subscription.bandwidth))}
            </span>
          </Fact>
        ) : (
          <Fact label="Threads">{formatNumber(subscription.threads)}</Fact>
        )}
        <Fact label={isCountryLocked(subscription.type) ? 'Location (exits there only)' : 'Default location'}>
          {formatCountry(subscription.country)}
        </Fact>
      </dl>
    </header>
  );
}
