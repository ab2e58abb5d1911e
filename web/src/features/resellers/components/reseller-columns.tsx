import { generatePath, Link } from 'react-router';
import type { Reseller } from '@tollgate/contract/admin/resellers';
import { Badge } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';

const money = formatBalance;

/** The terms in one short line each: what the reseller can buy and at what unit price. */
export function priceSummary(r: Reseller): string[] {
  const lines: string[] = [];
  if (r.resiprice !== null) lines.push(`Residential ${money(r.resiprice)}/GB`);
  if (r.mobileprice !== null) lines.push(`Mobile ${money(r.mobileprice)}/GB`);
  const dc = (
    [
      [r.dataprice1, '1d'],
      [r.dataprice7, '7d'],
      [r.dataprice30, '30d'],
    ] as const
  ).filter(([price]) => price !== null);
  if (dc.length) lines.push(`Datacenter ${dc.map(([price, days]) => `${money(price!)} ${days}`).join(' · ')}`);
  if (r.ispprice !== null) lines.push(`ISP ${money(r.ispprice)}/IP`);
  if (r.value > 0) lines.push(`${r.value}% off the rest`);
  if (r.gbvalue > 0) lines.push(`${r.gbvalue} GB prepaid`);
  return lines;
}

export const resellerColumns: Array<Column<Reseller>> = [
  {
    key: 'username',
    header: 'Username',
    cell: (r) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link
          to={generatePath(staffPaths.admin.editReseller, { userId: r.id })}
          className="font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {r.username}
        </Link>
        {r.programme && <Badge tone="info">Web customer</Badge>}
        {r.disabled && <Badge tone="danger">Disabled</Badge>}
      </span>
    ),
  },
  { key: 'email', header: 'Email', className: 'break-all', cell: (r) => r.email },
  { key: 'balance', header: 'Balance', className: 'tabular-nums', cell: (r) => formatBalance(r.balance) },
  {
    key: 'key',
    header: 'API key',
    className: 'whitespace-nowrap',
    cell: (r) =>
      r.apiKeyPrefix ? (
        <span>
          <code className="font-mono text-sm text-slate-900 dark:text-white" data-testid="key-prefix">
            {r.apiKeyPrefix}…
          </code>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {r.apiKeyLastUsedAt ? `Used ${formatDate(r.apiKeyLastUsedAt, '24h')}` : 'Never used'}
          </span>
        </span>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">No key</span>
      ),
  },
  {
    key: 'prices',
    header: 'Prices',
    cell: (r) => {
      const lines = priceSummary(r);
      return lines.length ? (
        <ul className="space-y-0.5 text-sm">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">Nothing offered</span>
      );
    },
  },
];
