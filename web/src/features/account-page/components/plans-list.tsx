import { Link } from 'react-router';
import { ACCOUNT_PAGE_SIZE } from '@tollgate/contract/admin/account-page';
import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { actionMenuColumn, type RowActions } from '#components/ui/action-menu.tsx';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { DataTable, type Column } from '#components/ui/data-table.tsx';
import { formatCountry, formatDate, formatNumber } from '#lib/format.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';

const STATUS: Record<StaffSubscription['status'], [string, BadgeTone]> = {
  active: ['Active', 'success'],
  expired: ['Expired', 'danger'],
  pending: ['Pending payment', 'info'],
  cancelled: ['Cancelled', 'neutral'],
};

function columns(linkTo?: (id: string) => string): Array<Column<StaffSubscription>> {
  return [
    {
      key: 'plan',
      header: 'Plan',
      cell: (row) => (
        <div className="min-w-0">
          {linkTo ? (
            <Link
              to={linkTo(row.id)}
              className="font-medium text-brand-700 hover:underline dark:text-brand-300"
              aria-label={`Open ${row.planTitle}${row.label ? ` (${row.label})` : ''}`}
            >
              {row.planTitle}
            </Link>
          ) : (
            <p className="font-medium text-slate-900 dark:text-white">{row.planTitle}</p>
          )}
          {row.label && <p className="text-xs text-slate-500 dark:text-slate-400">{row.label}</p>}
        </div>
      ),
    },
    { key: 'type', header: 'Type', cell: (row) => <Badge tone="brand">{PLAN_TYPE_LABELS[row.type]}</Badge> },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="inline-flex flex-wrap gap-1">
          <Badge tone={STATUS[row.status][1]}>{STATUS[row.status][0]}</Badge>
          {row.depleted && <Badge tone="warning">Depleted</Badge>}
        </span>
      ),
    },
    { key: 'country', header: 'Country', cell: (row) => formatCountry(row.country) },
    {
      key: 'usage',
      header: 'Usage',
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) =>
        row.bandwidth > 0 ? `${row.bandwidthUsed} / ${formatNumber(row.bandwidth)} GB` : `${row.threads} threads`,
    },
    { key: 'ends', header: 'Ends', className: 'whitespace-nowrap', cell: (row) => formatDate(row.expiresAt) },
  ];
}

/** The account's plans, 10 a page, read with the account itself (spec §7 `GET .../{userId}`). */
export function PlansList({
  data,
  page,
  onPageChange,
  isFetching,
  linkTo,
  rowActions,
}: {
  data: { items: StaffSubscription[]; total: number };
  page: number;
  onPageChange: (page: number) => void;
  isFetching: boolean;
  /** Where a plan opens, on panels whose staff may open it. */
  linkTo?: (subscriptionId: string) => string;
  /** What staff may do to each plan from here (the support panel's tools). */
  rowActions?: RowActions<StaffSubscription>;
}) {
  return (
    <DataTable
      caption="Plans"
      columns={rowActions ? [...columns(linkTo), actionMenuColumn(rowActions)] : columns(linkTo)}
      rows={data.items}
      total={data.total}
      isFetching={isFetching}
      rowKey={(row) => row.id}
      page={page}
      pageSize={ACCOUNT_PAGE_SIZE}
      onPageChange={onPageChange}
      emptyTitle="No plans yet"
      emptyDescription="Plans this account buys or is given appear here."
    />
  );
}
