import { Link } from 'react-router';
import type { ResellerOrder } from '@tollgate/contract/reseller/reseller-panel';
import { Badge } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatCountry, formatDate, formatDays, formatNumber } from '#lib/format.ts';
import { PRODUCT_LABELS } from '../utils/labels.ts';

/** What the order did: a plan bought, GB added to one, or its time extended. */
export function orderAction(order: Pick<ResellerOrder, 'kind' | 'updatingType'>): string {
  if (order.kind === 'purchase') return 'Plan bought';
  if (order.updatingType === 'bandwidth') return 'GB added';
  if (order.updatingType === 'extend') return 'Plan extended';
  return 'Plan renewed';
}

/** `5 GB · 30 days · United States`: what was ordered, as far as the invoice names it. */
export function orderSize(order: Pick<ResellerOrder, 'units' | 'unit' | 'days' | 'country'>): string {
  const units =
    order.units === null || order.unit === null || order.unit === 'package'
      ? null
      : `${formatNumber(order.units)} ${order.unit === 'GB' ? 'GB' : order.units === 1 ? 'IP' : 'IPs'}`;
  return [units, order.days ? formatDays(order.days) : null, order.country ? formatCountry(order.country) : null]
    .filter(Boolean)
    .join(' · ');
}

/** The reseller panel's orders (ADR 044); `subUserHref` opens the sub-user whose plan an order is. */
export function orderColumns(subUserHref: (id: string) => string): Array<Column<ResellerOrder>> {
  return [
    {
      key: 'number',
      header: 'Order',
      cell: (row) => (
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900 dark:text-white">{row.number}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{formatDate(row.createdAt, '24h')}</p>
        </div>
      ),
    },
    {
      key: 'plan',
      header: 'What',
      cell: (row) => (
        <div className="min-w-0">
          <p className="break-words text-slate-900 dark:text-white">
            {orderAction(row)}: {row.planTitle ?? row.description}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {[row.planType ? PRODUCT_LABELS[row.planType] : null, orderSize(row)].filter(Boolean).join(' · ')}
          </p>
        </div>
      ),
    },
    {
      key: 'for',
      header: 'For',
      cell: (row) =>
        row.subUser ? (
          <Link
            to={subUserHref(row.subUser.id)}
            className="font-medium break-words text-brand-700 hover:underline dark:text-brand-300"
          >
            {row.subUser.username}
          </Link>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">Your account</span>
        ),
    },
    {
      key: 'total',
      header: 'Total',
      className: 'text-right',
      cell: (row) => <span className="tabular-nums">{formatBalance(row.total)}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) =>
        row.refunded ? (
          <Badge tone="warning">refunded</Badge>
        ) : (
          <Badge tone={row.status === 'paid' ? 'success' : 'neutral'}>{row.status}</Badge>
        ),
    },
  ];
}
