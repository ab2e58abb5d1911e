import type { Plan } from '@tollgate/contract/plans/plans';
import { Badge } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDays } from '#lib/format.ts';
import { PLAN_TYPE_LABELS, saleOf, UNIT_LABELS } from '#lib/price-tiers.ts';

function PriceCell({ plan }: { plan: Plan }) {
  const sale = saleOf(plan);
  if (sale.unit === 'package') return <span>{formatBalance(plan.price)} package</span>;
  return (
    <span>
      {sale.tiers.length > 1 ? 'from ' : ''}
      {formatBalance(sale.fromPrice)}/{UNIT_LABELS[sale.unit]}
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {sale.tiers.length} {sale.tiers.length === 1 ? 'tier' : 'tiers'}
      </span>
    </span>
  );
}

export const planColumns: Array<Column<Plan>> = [
  {
    key: 'title',
    header: 'Plan',
    cell: (plan) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{plan.title}</p>
        {plan.provider && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{plan.provider}</p>}
      </div>
    ),
  },
  { key: 'type', header: 'Type', cell: (plan) => <Badge tone="brand">{PLAN_TYPE_LABELS[plan.type]}</Badge> },
  { key: 'price', header: 'Price', className: 'whitespace-nowrap', cell: (plan) => <PriceCell plan={plan} /> },
  {
    key: 'duration',
    header: 'Duration',
    className: 'whitespace-nowrap',
    cell: (plan) => (
      <span>
        {formatDays(plan.duration)}
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          renew {plan.minRenewDays}–{plan.maxRenewDays} days
        </span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (plan) => (
      <Badge tone={plan.status === 'active' ? 'success' : 'neutral'}>
        {plan.status === 'active' ? 'Active' : 'Hidden'}
      </Badge>
    ),
  },
  {
    key: 'trial',
    header: 'Trial',
    cell: (plan) =>
      plan.trial ? <Badge tone="info">Trial</Badge> : <span className="text-slate-500 dark:text-slate-400">—</span>,
  },
  { key: 'order', header: 'Order', className: 'tabular-nums', cell: (plan) => plan.order },
];
