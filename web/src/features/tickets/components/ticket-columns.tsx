import { generatePath, Link } from 'react-router';
import {
  TICKET_CATEGORY_LABELS,
  type StaffTicketSummary,
  type TicketSummary,
} from '@tollgate/contract/tickets/tickets';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import type { DeskPaths } from '../utils/desk-paths.ts';
import { shortTicketId, StatusBadge, UnreadDot } from './ticket-badges.tsx';

const subjectColumn = (to: (id: string) => string, unreadLabel: string): Column<TicketSummary> => ({
  key: 'subject',
  header: 'Ticket',
  cell: (row) => (
    <div className="flex min-w-0 items-start gap-2">
      {row.unread && (
        <span className="mt-1.5">
          <UnreadDot label={unreadLabel} />
        </span>
      )}
      <div className="min-w-0">
        <Link
          to={to(row._id)}
          className="font-medium break-words text-brand-700 hover:underline dark:text-brand-300"
          data-testid="ticket-link"
        >
          {row.subject}
        </Link>
        <p className="font-mono text-xs text-slate-500 dark:text-slate-400">
          {shortTicketId(row._id)} · {row.messageCount} {row.messageCount === 1 ? 'message' : 'messages'}
        </p>
      </div>
    </div>
  ),
});

const categoryColumn: Column<TicketSummary> = {
  key: 'category',
  header: 'Category',
  className: 'whitespace-nowrap',
  cell: (row) => TICKET_CATEGORY_LABELS[row.category],
};

const statusColumn: Column<TicketSummary> = {
  key: 'status',
  header: 'Status',
  cell: (row) => <StatusBadge status={row.status} />,
};

const activityColumn: Column<TicketSummary> = {
  key: 'activity',
  header: 'Last activity',
  className: 'whitespace-nowrap',
  cell: (row) => <time dateTime={row.lastMessageAt}>{formatDate(row.lastMessageAt, '24h')}</time>,
};

export const customerTicketColumns: Array<Column<TicketSummary>> = [
  subjectColumn((id) => generatePath(paths.ticket, { id }), 'New answer'),
  categoryColumn,
  { key: 'plan', header: 'Plan', cell: (row) => row.plan?.name ?? '—' },
  statusColumn,
  activityColumn,
];

/** The desk's columns, linking into the panel it is shown in. */
export const staffTicketColumns = (paths: DeskPaths): Array<Column<StaffTicketSummary>> => [
  subjectColumn(paths.ticket, 'Waiting for staff') as Column<StaffTicketSummary>,
  {
    key: 'customer',
    header: 'Customer',
    cell: (row) => (
      <div className="min-w-0">
        <Link
          to={paths.account(row.customer.id)}
          className="font-medium text-slate-800 hover:underline dark:text-slate-100"
        >
          {row.customer.username}
        </Link>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{row.customer.email}</p>
      </div>
    ),
  },
  categoryColumn as Column<StaffTicketSummary>,
  statusColumn as Column<StaffTicketSummary>,
  {
    key: 'assignee',
    header: 'Assignee',
    className: 'whitespace-nowrap',
    cell: (row) => row.assignee?.username ?? <span className="text-slate-500 dark:text-slate-400">Unassigned</span>,
  },
  activityColumn as Column<StaffTicketSummary>,
];
