import { Link } from 'react-router';
import type { z } from 'zod';
import type { subUserSchema } from '@tollgate/contract/reseller/sub-users';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate, formatNumber } from '#lib/format.ts';
import { bytesText, gbText } from '../utils/usage.ts';

export type SubUser = z.infer<typeof subUserSchema> & { usedBytes?: number; usedGb?: number };

/**
 * The list's columns; `openHref` keeps the list's page and search in the link to one sub-user. With
 * `usage` (the reseller panel reads it), the traffic of each sub-user's plans in GB and bytes.
 */
export function subUserColumns(openHref: (id: string) => string, { usage = false } = {}): Array<Column<SubUser>> {
  const traffic: Array<Column<SubUser>> = usage
    ? [
        {
          key: 'usage',
          header: 'Traffic',
          cell: (row) => (
            <div className="tabular-nums">
              <p className="text-slate-900 dark:text-white">{gbText(row.usedGb ?? 0)}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{bytesText(row.usedBytes ?? 0)}</p>
            </div>
          ),
        },
      ]
    : [];
  return [
    {
      key: 'username',
      header: 'Sub-user',
      cell: (row) => (
        <div className="min-w-0">
          <Link
            to={openHref(row.id)}
            className="font-medium break-words text-brand-700 hover:underline dark:text-brand-300"
            aria-label={`Open ${row.username}`}
          >
            {row.username}
          </Link>
          <p className="text-xs break-all text-slate-500 dark:text-slate-400">{row.email}</p>
        </div>
      ),
    },
    { key: 'activePlans', header: 'Active plans', cell: (row) => formatNumber(row.activePlans) },
    ...traffic,
    { key: 'createdAt', header: 'Created', cell: (row) => formatDate(row.createdAt) },
  ];
}
