import type { AccountListItem } from '@tollgate/contract/admin/accounts';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';

const ROLE_TONES: Record<AccountListItem['role'], BadgeTone> = {
  User: 'neutral',
  Administrator: 'brand',
  Manager: 'info',
  Support: 'warning',
};

/** Columns shared by User Management and the support Management panel. */
export const accountColumns: Array<Column<AccountListItem>> = [
  {
    key: 'account',
    header: 'Account',
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{row.username}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{row.email}</p>
      </div>
    ),
  },
  {
    key: 'role',
    header: 'Role',
    cell: (row) => (
      <div className="flex flex-wrap gap-1">
        <Badge tone={ROLE_TONES[row.role]}>{row.role === 'User' ? 'Customer' : row.role}</Badge>
        {row.reseller === 1 && <Badge tone="info">Reseller API</Badge>}
      </div>
    ),
  },
  {
    key: 'balance',
    header: 'Balance',
    className: 'text-right tabular-nums',
    cell: (row) => formatBalance(row.balance),
  },
  {
    key: 'security',
    header: 'Security',
    cell: (row) => (
      <div className="flex flex-wrap gap-1">
        <Badge tone={row.emailVerified ? 'success' : 'warning'}>{row.emailVerified ? 'Verified' : 'Unverified'}</Badge>
        {row.twoFactorEnabled && <Badge tone="success">2FA</Badge>}
      </div>
    ),
  },
  { key: 'created', header: 'Joined', className: 'whitespace-nowrap', cell: (row) => formatDate(row.createdAt) },
  {
    key: 'seen',
    header: 'Last seen',
    className: 'whitespace-nowrap',
    cell: (row) =>
      row.lastSeenAt ? (
        formatDate(row.lastSeenAt, '24h')
      ) : (
        <span className="text-slate-500 dark:text-slate-400">Never</span>
      ),
  },
];
