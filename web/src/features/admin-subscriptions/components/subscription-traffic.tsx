import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import {
  DEFAULT_WHITELIST_LIMIT,
  SUBSCRIPTION_TRAFFIC_DAYS,
  type StaffSubscription,
  type SubscriptionTraffic,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import { GbPerDayChart } from '#components/charts/gb-per-day-chart.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatDate, formatNumber } from '#lib/format.ts';
import { useSubscriptionTraffic } from '../api/admin-subscriptions.ts';
import { formatGb } from '../utils/usage.ts';

/** What the gateway carried for the plan lately, and who may use it without a password. */
export function SubscriptionTrafficCards({ subscription }: { subscription: StaffSubscription }) {
  const query = useSubscriptionTraffic(subscription.id);
  const body = (render: (traffic: SubscriptionTraffic) => ReactNode) =>
    query.isPending ? (
      <div className="flex justify-center p-8">
        <Spinner />
      </div>
    ) : query.error ? (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      render(query.data)
    );
  const limit = subscription.whitelistLimit ?? DEFAULT_WHITELIST_LIMIT;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader
          title="Usage"
          description={`GB carried per day over the last ${SUBSCRIPTION_TRAFFIC_DAYS} days (UTC), download and upload together.`}
          action={
            query.data && (
              <p
                className="text-sm font-medium text-slate-900 tabular-nums dark:text-white"
                data-testid="traffic-total"
              >
                {formatGb(query.data.gbPerDay.reduce((sum, d) => sum + d.gb, 0))} GB in {SUBSCRIPTION_TRAFFIC_DAYS} days
              </p>
            )
          }
        />
        <CardBody>
          {body((t) => (
            <GbPerDayChart days={t.gbPerDay} title={`GB per day of ${subscription.planTitle}`} />
          ))}
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title="Whitelisted IPs"
          description={
            query.data
              ? `${formatNumber(query.data.whitelist.length)} of ${formatNumber(limit)} allowed; the customer manages them.`
              : 'Addresses that connect without the proxy password.'
          }
        />
        {body((t) =>
          t.whitelist.length === 0 ? (
            <EmptyState
              icon={ShieldCheck}
              title="No whitelisted IPs"
              description="The customer connects with the proxy username and password."
            />
          ) : (
            <ul aria-label="Whitelisted IPs" className="divide-y divide-slate-200 dark:divide-slate-800">
              {t.whitelist.map((w) => (
                <li key={w.ip} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5 py-3">
                  <span className="font-mono text-sm break-all text-slate-900 dark:text-white">{w.ip}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    added <time dateTime={w.addedAt}>{formatDate(w.addedAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          ),
        )}
      </Card>
    </div>
  );
}
