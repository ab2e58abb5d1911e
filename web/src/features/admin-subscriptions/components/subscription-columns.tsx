import { generatePath, Link } from 'react-router';
import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { AccountCell } from '#components/account-cell.tsx';
import { Badge } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatCountry, formatDate, formatNumber } from '#lib/format.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { formatGb, usageOf } from '../utils/usage.ts';
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx';

const muted = 'block text-xs text-slate-500 dark:text-slate-400';

export const subscriptionColumns: Array<Column<StaffSubscription>> = [
  {
    key: 'customer',
    header: 'Customer',
    cell: (row) => <AccountCell account={row.account} />,
  },
  {
    key: 'plan',
    header: 'Plan',
    cell: (row) => (
      <Link
        to={generatePath(staffPaths.admin.editSubscription, { subscriptionId: row.id })}
        className="font-medium text-brand-600 hover:text-brand-700 hover:underline dark:text-brand-400"
      >
        {row.planTitle}
      </Link>
    ),
  },
  { key: 'type', header: 'Type', cell: (row) => <Badge tone="brand">{PLAN_TYPE_LABELS[row.type]}</Badge> },
  { key: 'country', header: 'Country', cell: (row) => formatCountry(row.country) },
  { key: 'status', header: 'Status', cell: (row) => <SubscriptionStatusBadge subscription={row} /> },
  {
    key: 'usage',
    header: 'Bandwidth / threads',
    className: 'whitespace-nowrap tabular-nums',
    cell: (row) =>
      usageOf(row) === 'GB' ? (
        <span>
          {formatGb(row.bandwidthUsed)} / {formatGb(row.bandwidth)} GB
          <span className={muted}>{formatGb(row.bandwidthLeft)} GB left</span>
        </span>
      ) : (
        <span>{formatNumber(row.threads)} threads</span>
      ),
  },
  {
    key: 'expires',
    header: 'Expires',
    className: 'whitespace-nowrap',
    cell: (row) =>
      row.expiresAt ? (
        <time dateTime={row.expiresAt}>{formatDate(row.expiresAt)}</time>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">Not started</span>
      ),
  },
  {
    key: 'autoRenew',
    header: 'Auto-renew',
    cell: (row) =>
      row.autoRenew ? (
        <Badge tone="success">On{row.renewValue ? ` · ${row.renewValue} d` : ''}</Badge>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">Off</span>
      ),
  },
];
