import { generatePath, Link } from 'react-router';
import type { AccountListItem, SupportAccountListItem } from '@tollgate/contract/admin/accounts';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';

const ROLE_TONES: Record<AccountListItem['role'], BadgeTone> = {
  User: 'neutral',
  Administrator: 'brand',
  Manager: 'info',
  Support: 'warning',
};

/** The account cell: the username links to the account's page (admin or support side). */
const accountColumn = (pagePath: string): Column<SupportAccountListItem> => ({
  key: 'account',
  header: 'Account',
  cell: (row) => (
    <div className="min-w-0">
      <Link
        to={generatePath(pagePath, { userId: row.id })}
        className="font-medium text-brand-600 hover:text-brand-700 hover:underline dark:text-brand-400"
      >
        {row.username}
      </Link>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400">{row.email}</p>
    </div>
  ),
});

const roleColumn: Column<SupportAccountListItem> = {
  key: 'role',
  header: 'Role',
  cell: (row) => (
    <div className="flex flex-wrap gap-1">
      <Badge tone={ROLE_TONES[row.role]}>{row.role === 'User' ? 'Customer' : row.role}</Badge>
      {row.reseller === 1 && <Badge tone="info">Reseller API</Badge>}
    </div>
  ),
};

const statusColumn: Column<SupportAccountListItem> = {
  key: 'status',
  header: 'Status',
  cell: (row) => (
    <div className="flex flex-wrap justify-end gap-1 md:justify-start">
      {row.disabled && <Badge tone="danger">Disabled</Badge>}
      <Badge tone={row.emailVerified ? 'success' : 'warning'}>{row.emailVerified ? 'Verified' : 'Unverified'}</Badge>
      {row.twoFactorEnabled && <Badge tone="success">2FA</Badge>}
    </div>
  ),
};

const plansColumn: Column<SupportAccountListItem> = {
  key: 'plans',
  header: 'Plans',
  className: 'text-right tabular-nums',
  cell: (row) => row.activePlans,
};

/** Joined and last seen share a column: the list stays within a laptop screen with its actions. */
const joinedColumns: Array<Column<SupportAccountListItem>> = [
  {
    key: 'created',
    header: 'Joined / seen',
    className: 'whitespace-nowrap',
    cell: (row) => (
      <div>
        <p>{formatDate(row.createdAt)}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {row.lastSeenAt ? `Seen ${formatDate(row.lastSeenAt, '24h')}` : 'Never seen'}
        </p>
      </div>
    ),
  },
];

/** User Management: money included. */
export const adminAccountColumns = (pagePath: string): Array<Column<AccountListItem>> => [
  accountColumn(pagePath),
  roleColumn,
  statusColumn,
  {
    key: 'balance',
    header: 'Balance',
    className: 'text-right tabular-nums',
    cell: (row) => formatBalance(row.balance),
  },
  { key: 'spent', header: 'Spent', className: 'text-right tabular-nums', cell: (row) => formatBalance(row.spent) },
  plansColumn,
  ...joinedColumns,
];

/** The support Management panel: customers only, and no money (the API sends none). */
export const supportAccountColumns = (pagePath: string): Array<Column<SupportAccountListItem>> => [
  accountColumn(pagePath),
  statusColumn,
  plansColumn,
  ...joinedColumns,
];
