import { Link } from 'react-router';
import type { ChangeRequestItem } from '@tollgate/contract/admin/change-requests';
import {
  describeTarget,
  formatAge,
  formatBeforeAfter,
  formatChange,
  STATUS_LABELS,
} from '#components/change-requests/change-request-text.ts';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { staffPaths } from '#lib/staff-paths.ts';

const STATUS_TONES: Record<ChangeRequestItem['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export const accountPath = (accountId: string) => staffPaths.admin.account.replace(':userId', accountId);

export const changeRequestColumns: Array<Column<ChangeRequestItem>> = [
  { key: 'kind', header: 'Kind', cell: (r) => describeTarget(r) },
  {
    key: 'account',
    header: 'Account',
    cell: (r) => (
      <Link to={accountPath(r.accountId)} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
        {r.accountUsername}
      </Link>
    ),
  },
  { key: 'requester', header: 'Requester', cell: (r) => r.requesterUsername },
  { key: 'amount', header: 'Amount', cell: (r) => <span className="tabular-nums">{formatChange(r)}</span> },
  {
    key: 'effect',
    header: 'Before → after',
    cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatBeforeAfter(r) || '—'}</span>,
  },
  {
    key: 'reason',
    header: 'Reason',
    className: 'max-w-64',
    cell: (r) => (
      <div className="space-y-1 break-words">
        <p>{r.reason ?? '—'}</p>
        {r.decisionReason && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {r.deciderUsername ?? 'Staff'}: {r.decisionReason}
          </p>
        )}
      </div>
    ),
  },
  {
    key: 'age',
    header: 'Age',
    cell: (r) => (
      <time dateTime={r.createdAt} className="whitespace-nowrap">
        {formatAge(r.createdAt)}
      </time>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>,
  },
];
