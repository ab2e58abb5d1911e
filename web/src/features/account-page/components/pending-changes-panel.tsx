import { useState } from 'react';
import { Link } from 'react-router';
import type { ChangeRequestItem } from '@tollgate/contract/admin/change-requests';
import { useChangeRequests, type Decision } from '#components/change-requests/change-requests-api.ts';
import {
  describeTarget,
  formatAgo,
  formatBeforeAfter,
  formatChange,
} from '#components/change-requests/change-request-text.ts';
import { DecisionDialog } from '#components/change-requests/decision-dialog.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { staffPaths } from '#lib/staff-paths.ts';

/**
 * The account's changes that wait for a second staff member (issue 32), above the tabs so whoever
 * opens the account sees them; approvers decide them here as on the approvals screen.
 */
export function PendingChangesPanel({ userId }: { userId: string }) {
  const pending = useChangeRequests({ status: 'pending', accountId: userId });
  const [open, setOpen] = useState<{ request: ChangeRequestItem; decision: Decision } | null>(null);
  const items = pending.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="border-amber-300 dark:border-amber-500/40">
      <CardHeader
        title="Pending changes"
        description={`${items.length === 1 ? 'One change waits' : `${items.length} changes wait`} for approval; nothing has moved yet.`}
        action={
          <Link to={staffPaths.admin.changeRequests} className={buttonClass('ghost', 'sm')}>
            All change requests
          </Link>
        }
      />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Pending changes">
        {items.map((r) => (
          <li key={r.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 space-y-1 text-sm">
              <p className="font-medium text-slate-900 dark:text-white">
                {describeTarget(r)} <span className="tabular-nums">{formatChange(r)}</span>
                {formatBeforeAfter(r) && (
                  <span className="ml-2 font-normal text-slate-500 tabular-nums dark:text-slate-400">
                    {formatBeforeAfter(r)}
                  </span>
                )}
              </p>
              <p className="break-words text-slate-600 dark:text-slate-400">
                Asked by {r.requesterUsername}, {formatAgo(r.createdAt)}
                {r.reason ? `: ${r.reason}` : ''}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button size="sm" onClick={() => setOpen({ request: r, decision: 'approve' })}>
                Approve
              </Button>
              <Button size="sm" variant="outline" onClick={() => setOpen({ request: r, decision: 'reject' })}>
                Reject
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {open && <DecisionDialog request={open.request} decision={open.decision} onClose={() => setOpen(null)} />}
    </Card>
  );
}
