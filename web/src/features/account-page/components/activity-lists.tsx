import type { AuditItem, SignInEvent } from '@tollgate/contract/admin/account-page';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate } from '#lib/format.ts';
import { parseUserAgent } from '#lib/user-agent.ts';
import { useAudit, useSignIns } from '../api/admin-account.ts';
import { auditChanges, fieldLabel } from '../utils/audit-diff.ts';
import { PagedList } from './paged-list.tsx';

const OUTCOMES: Record<SignInEvent['outcome'], [string, BadgeTone]> = {
  success: ['Signed in', 'success'],
  wrong_password: ['Wrong password', 'danger'],
  blocked: ['Blocked', 'danger'],
  disabled: ['Account disabled', 'danger'],
  two_factor_required: ['2FA asked', 'info'],
  two_factor_failed: ['2FA failed', 'danger'],
};
const METHODS: Record<SignInEvent['method'], string> = {
  password: 'Password',
  google: 'Google',
  two_factor: 'Two-factor code',
};

const signInColumns: Array<Column<SignInEvent>> = [
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (row) => <Badge tone={OUTCOMES[row.outcome][1]}>{OUTCOMES[row.outcome][0]}</Badge>,
  },
  { key: 'method', header: 'Method', cell: (row) => METHODS[row.method] },
  {
    key: 'device',
    header: 'Device',
    cell: (row) => {
      const device = parseUserAgent(row.userAgent);
      return `${device.browser} on ${device.os}`;
    },
  },
  { key: 'ip', header: 'IP', cell: (row) => <span className="font-mono text-xs">{row.ip ?? '—'}</span> },
  { key: 'at', header: 'Date', className: 'whitespace-nowrap', cell: (row) => formatDate(row.createdAt, '24h') },
];

export function SignInsList({ userId }: { userId: string }) {
  return (
    <PagedList
      caption="Sign-in history"
      columns={signInColumns}
      userId={userId}
      useList={useSignIns}
      emptyTitle="No sign-in attempts yet"
    />
  );
}

function Changes({ row }: { row: AuditItem }) {
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium text-slate-900 dark:text-white">{change.field}: </span>
          <span className="text-slate-500 line-through dark:text-slate-400">{change.before}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> changed to </span>
          <span>{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

const auditColumns: Array<Column<AuditItem>> = [
  {
    key: 'action',
    header: 'Action',
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{fieldLabel(row.action.replace(/[.:]/g, ' '))}</p>
        {row.targetType !== 'account' && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {fieldLabel(row.targetType)} {row.targetId.slice(0, 8)}
          </p>
        )}
      </div>
    ),
  },
  { key: 'changes', header: 'Changes', className: 'min-w-[14rem]', cell: (row) => <Changes row={row} /> },
  {
    key: 'reason',
    header: 'Reason',
    cell: (row) => <span className="break-words">{row.reason ?? '—'}</span>,
  },
  { key: 'by', header: 'By', cell: (row) => row.actor?.username ?? 'System' },
  { key: 'at', header: 'Date', className: 'whitespace-nowrap', cell: (row) => formatDate(row.createdAt, '24h') },
];

export function AuditList({ userId }: { userId: string }) {
  return (
    <PagedList
      caption="Audit trail"
      columns={auditColumns}
      userId={userId}
      useList={useAudit}
      emptyTitle="No staff changes yet"
      emptyDescription="Every change staff make to this account is recorded here, with who, when and why."
    />
  );
}
