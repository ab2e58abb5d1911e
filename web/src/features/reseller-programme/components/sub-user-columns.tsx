import { Link } from 'react-router';
import type { z } from 'zod';
import type { subUserSchema } from '@tollgate/contract/reseller/sub-users';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate, formatNumber } from '#lib/format.ts';

export type SubUser = z.infer<typeof subUserSchema>;

/** The list's columns; `openHref` keeps the list's page and search in the link to one sub-user. */
export function subUserColumns(openHref: (id: string) => string): Array<Column<SubUser>> {
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
    { key: 'createdAt', header: 'Created', cell: (row) => formatDate(row.createdAt) },
  ];
}
