import { generatePath, Link } from 'react-router';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { LogEntry } from '@tollgate/contract/admin/logs';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';

/** Failed sign-ins and weakened protection stand out; staff changes and routine events do not. */
function toneOf(entry: LogEntry): BadgeTone {
  if (entry.kind === 'audit') return 'brand';
  if (/^sign_in\.(wrong_password|blocked|disabled|two_factor_failed)$/.test(entry.action)) return 'danger';
  if (['two_factor.disabled', 'password.reset_requested', 'email.changed'].includes(entry.action)) return 'warning';
  if (entry.action === 'sign_in.success' || entry.action === 'two_factor.enabled') return 'success';
  return 'info';
}

function AccountLink({ account }: { account: LogEntry['actor'] }) {
  if (!account) return <span className="text-slate-400 dark:text-slate-500">—</span>;
  return (
    <Link
      to={generatePath(staffPaths.admin.account, { userId: account.id })}
      className="font-medium break-words text-brand-700 hover:underline dark:text-brand-300"
    >
      {account.username}
    </Link>
  );
}

/** The summary without the label the badge already shows ("Balance adjusted — bob: +$5.00" -> "bob: +$5.00"). */
function detailOf(row: LogEntry): string {
  for (const joint of [' — ', ': ', ' ('])
    if (row.summary.startsWith(`${row.actionLabel}${joint}`))
      return `${joint === ' (' ? '(' : ''}${row.summary.slice(row.actionLabel.length + joint.length)}`;
  return row.summary === row.actionLabel ? '' : row.summary;
}

export function logColumns(open: { isOpen: (id: string) => boolean; toggle: (id: string) => void }) {
  const columns: Array<Column<LogEntry>> = [
    {
      key: 'event',
      header: 'Event',
      cell: (row) => {
        const expanded = open.isOpen(row.id);
        const Icon = expanded ? ChevronDown : ChevronRight;
        return (
          <div className="flex min-w-0 items-start gap-2">
            <button
              type="button"
              onClick={() => open.toggle(row.id)}
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Hide' : 'Show'} details of ${row.actionLabel}`}
              className="mt-0.5 rounded p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500/40 focus-visible:outline-none dark:hover:bg-slate-700 dark:hover:text-white"
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
            <div className="min-w-0 space-y-1">
              <Badge tone={toneOf(row)}>{row.actionLabel}</Badge>
              <p className="text-sm [overflow-wrap:anywhere] text-slate-800 dark:text-slate-200">{detailOf(row)}</p>
            </div>
          </div>
        );
      },
    },
    { key: 'actor', header: 'By', cell: (row) => <AccountLink account={row.actor} /> },
    { key: 'account', header: 'Account', cell: (row) => <AccountLink account={row.targetAccount} /> },
    {
      key: 'ip',
      header: 'IP',
      className: 'whitespace-nowrap',
      cell: (row) => <span className="font-mono text-xs">{row.ip ?? '—'}</span>,
    },
    {
      key: 'when',
      header: 'When',
      className: 'whitespace-nowrap',
      cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt, '24h')}</time>,
    },
  ];
  return columns;
}
