import type { ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { DEFAULT_WHITELIST_LIMIT, type StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Badge } from '#components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { formatCountry, formatDate, formatDays, formatNumber } from '#lib/format.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { formatGb, usageOf } from '../utils/usage.ts';
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900 dark:text-white" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What the subscription is now, as the server last answered. */
export function SubscriptionDetails({ subscription: s }: { subscription: StaffSubscription }) {
  return (
    <Card>
      <CardHeader
        title={s.planTitle}
        description={`${PLAN_TYPE_LABELS[s.type]} · ${formatCountry(s.country)}`}
        action={<SubscriptionStatusBadge subscription={s} />}
      />
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Row label="Customer">
            <Link
              to={generatePath(staffPaths.admin.account, { userId: s.account.id })}
              className="text-brand-700 hover:underline dark:text-brand-300"
            >
              {s.account.username}
            </Link>
            <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{s.account.email}</span>
          </Row>
          <Row label="Subscription ID">
            <span className="font-mono text-xs">{s.id}</span>
          </Row>
          <Row label="Proxy username">{s.proxyUsername ?? '—'}</Row>
          {usageOf(s) === 'GB' ? (
            <Row label="Bandwidth" testId="subscription-bandwidth">
              {formatGb(s.bandwidthUsed)} of {formatGb(s.bandwidth)} GB used
              <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                {formatGb(s.bandwidthLeft)} GB left
              </span>
            </Row>
          ) : (
            <Row label="Threads">{formatNumber(s.threads)}</Row>
          )}
          <Row label="Started">{formatDate(s.startsAt, '24h')}</Row>
          <Row label="Ends" testId="subscription-ends">
            {s.expiresAt ? <time dateTime={s.expiresAt}>{formatDate(s.expiresAt, '24h')}</time> : '—'}
          </Row>
          <Row label="Days bought">{formatDays(s.days)}</Row>
          <Row label="Renewal bounds">
            {s.minRenewDays}–{s.maxRenewDays} days
          </Row>
          <Row label="Auto-renew" testId="subscription-auto-renew">
            {s.autoRenew ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}{' '}
            {/* The badge and its length were read as one word ("Onplan length"): a text separator keeps them apart. */}
            {s.autoRenew && (
              <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">
                · renews for {s.renewValue === null ? 'the plan’s length' : formatDays(s.renewValue)}
              </span>
            )}
          </Row>
          <Row label="Whitelist limit">
            {s.whitelistLimit === null ? `${DEFAULT_WHITELIST_LIMIT} (default)` : formatNumber(s.whitelistLimit)}
          </Row>
          <Row label="Created">{formatDate(s.createdAt, '24h')}</Row>
        </dl>
      </CardBody>
    </Card>
  );
}
