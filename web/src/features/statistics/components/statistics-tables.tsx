import { useState, type ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import type { Statistics } from '@tollgate/contract/admin/statistics';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { cn } from '#lib/cn.ts';
import { formatBalance, formatNumber } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';

export const TYPE_LABELS = {
  residential: 'Residential',
  mobile: 'Mobile',
  isp: 'ISP',
  datacenter: 'Datacenter',
  ipv6: 'IPv6',
} as const;
const METHOD_LABELS = { balance: 'Balance', stripe: 'Card (Stripe)', crypto: 'Crypto' } as const;

interface Col<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A small read-only table that fits a phone: it scrolls sideways inside its card if it must. */
function FigureTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  totals,
}: {
  caption: string;
  columns: Col<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** A last row "Total" with these figures under the columns after the first. */
  totals?: ReactNode[];
}) {
  if (rows.length === 0)
    return <p className="px-5 py-8 text-center text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  const cellClass = (c: Col<Row>) => cn('px-5 py-2.5', c.numeric && 'text-right tabular-nums whitespace-nowrap');
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase dark:bg-slate-900/60 dark:text-slate-400">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn(cellClass(c), 'font-medium whitespace-nowrap')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-300">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} className={cellClass(c)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot className="border-t border-slate-200 font-semibold text-slate-900 dark:border-slate-700 dark:text-white">
            <tr>
              <th scope="row" className="px-5 py-2.5 text-left">
                Total
              </th>
              {totals.map((total, i) => (
                <td key={columns[i + 1]?.header ?? i} className="px-5 py-2.5 text-right tabular-nums">
                  {total}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

type Plan = Statistics['topPlansByRevenue'][number];

export function TopPlans({ stats }: { stats: Statistics }) {
  const [by, setBy] = useState<'revenue' | 'count'>('revenue');
  const rows = by === 'revenue' ? stats.topPlansByRevenue : stats.topPlansByCount;
  return (
    <Card>
      <CardHeader
        title="Top plans"
        description="Paid purchases and renewals in this period"
        action={
          <div
            role="group"
            aria-label="Rank plans by"
            className="inline-flex rounded-lg border border-slate-200 p-0.5 text-xs dark:border-slate-700"
          >
            {(['revenue', 'count'] as const).map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={by === key}
                onClick={() => setBy(key)}
                className={cn(
                  'rounded-md px-2.5 py-1 font-medium',
                  by === key
                    ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {key === 'revenue' ? 'By revenue' : 'By sales'}
              </button>
            ))}
          </div>
        }
      />
      <FigureTable<Plan>
        caption={`Top plans by ${by === 'revenue' ? 'revenue' : 'number of sales'}`}
        rows={rows}
        rowKey={(p) => p.planId}
        empty="No plan was sold in this period."
        columns={[
          { header: '#', cell: (p) => rows.indexOf(p) + 1 },
          {
            header: 'Plan',
            cell: (p) => (
              <span>
                <span className="font-medium text-slate-900 dark:text-white">{p.title}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">{TYPE_LABELS[p.type]}</span>
              </span>
            ),
          },
          { header: 'Sales', cell: (p) => formatNumber(p.count), numeric: true },
          { header: 'Revenue', cell: (p) => formatBalance(p.revenue), numeric: true },
        ]}
      />
    </Card>
  );
}

type Customer = Statistics['topCustomers'][number];

export function TopCustomers({ stats }: { stats: Statistics }) {
  return (
    <Card>
      <CardHeader title="Top customers" description="By money spent on proxies in this period" />
      <FigureTable<Customer>
        caption="Top customers by spending"
        rows={stats.topCustomers}
        rowKey={(c) => c.accountId}
        empty="Nobody bought anything in this period."
        columns={[
          {
            header: 'Customer',
            cell: (c) => (
              <span className="block min-w-0">
                <Link
                  to={generatePath(staffPaths.admin.account, { userId: c.accountId })}
                  className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  {c.username}
                </Link>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{c.email}</span>
              </span>
            ),
          },
          { header: 'Invoices', cell: (c) => formatNumber(c.invoices), numeric: true },
          { header: 'Spent', cell: (c) => formatBalance(c.spent), numeric: true },
        ]}
      />
    </Card>
  );
}

type MethodRow = Statistics['current']['byMethod'][number];

export function RevenueByMethod({ stats }: { stats: Statistics }) {
  const rows = stats.current.byMethod;
  const total = (row: MethodRow) => row.deposits + row.purchases + row.renewals;
  const sum = (key: keyof Omit<MethodRow, 'method'>) => rows.reduce((s, r) => s + r[key], 0);
  return (
    <Card>
      <CardHeader
        title="Revenue by payment method"
        description="Balance is spending from deposits made earlier; deposits arrive by card or crypto"
      />
      <FigureTable<MethodRow>
        caption="Revenue by payment method"
        rows={rows}
        rowKey={(r) => r.method}
        empty="No payments."
        columns={[
          { header: 'Method', cell: (r) => METHOD_LABELS[r.method] },
          { header: 'Deposits', cell: (r) => formatBalance(r.deposits), numeric: true },
          { header: 'Purchases', cell: (r) => formatBalance(r.purchases), numeric: true },
          { header: 'Renewals', cell: (r) => formatBalance(r.renewals), numeric: true },
          { header: 'Refunds', cell: (r) => formatBalance(r.refunds), numeric: true },
          { header: 'Total in', cell: (r) => formatBalance(total(r)), numeric: true },
        ]}
        totals={[
          ...(['deposits', 'purchases', 'renewals', 'refunds'] as const).map((k) => formatBalance(sum(k))),
          formatBalance(sum('deposits') + sum('purchases') + sum('renewals')),
        ]}
      />
    </Card>
  );
}

export function ActiveByType({ stats }: { stats: Statistics }) {
  const lastBucket = stats.previous.series.at(-1)?.activeSubscriptions;
  const rows = (Object.keys(TYPE_LABELS) as (keyof typeof TYPE_LABELS)[]).map((type) => ({
    type,
    now: stats.activeNow[type],
    before: lastBucket?.[type] ?? 0,
  }));
  return (
    <Card>
      <CardHeader title="Active subscriptions" description="Running now, by type" />
      <FigureTable
        caption="Active subscriptions by type"
        rows={rows}
        rowKey={(r) => r.type}
        empty="No subscriptions."
        columns={[
          { header: 'Type', cell: (r) => TYPE_LABELS[r.type] },
          { header: 'Now', cell: (r) => formatNumber(r.now), numeric: true },
          { header: 'At previous period end', cell: (r) => formatNumber(r.before), numeric: true },
        ]}
        totals={[formatNumber(stats.activeNow.total), formatNumber(rows.reduce((s, r) => s + r.before, 0))]}
      />
    </Card>
  );
}
