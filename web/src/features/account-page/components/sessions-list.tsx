import { Monitor, Smartphone } from 'lucide-react';
import { adminRevokeAllSessions, adminRevokeSession } from '@tollgate/contract/admin/account-page';
import { Button } from '#components/ui/button.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { parseUserAgent } from '#lib/user-agent.ts';
import { useRevokeAllSessions, useRevokeSession, useSessions } from '../api/admin-account.ts';

/** Where the account is signed in; staff sign it out of one device or everywhere, after confirming. */
export function SessionsList({ userId, username }: { userId: string; username: string }) {
  const sessions = useSessions(userId);
  const revoke = useRevokeSession(userId);
  const revokeAll = useRevokeAllSessions(userId);
  const { confirm, dialog } = useConfirm();

  // Each asks first; the sign-out runs in the dialog, which keeps a refusal for another try.
  const signOutEverywhere = async () => {
    const done = await confirm({
      title: `Sign ${username} out everywhere?`,
      description: 'Every session of this account ends now. The change is recorded in the audit trail.',
      confirmLabel: 'Sign out everywhere',
      action: () => revokeAll.mutateAsync(),
    });
    if (done) void notify('success', adminRevokeAllSessions.message);
  };
  const signOut = async (sessionId: string) => {
    const done = await confirm({
      title: 'Sign out this session?',
      description: 'This device is signed out now. The change is recorded in the audit trail.',
      confirmLabel: 'Sign out',
      action: () => revoke.mutateAsync(sessionId),
    });
    if (done) void notify('success', adminRevokeSession.message);
  };

  const list = sessions.data?.sessions;
  let body;
  if (list && list.length === 0)
    body = <EmptyState title="Not signed in anywhere" description="New sign-ins appear here." />;
  else if (list)
    body = (
      <ul aria-label="Active sessions" className="divide-y divide-slate-100 dark:divide-slate-800">
        {list.map((session) => {
          const device = parseUserAgent(session.userAgent);
          const Icon = device.mobile ? Smartphone : Monitor;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {device.browser} on {device.os}
                </p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  {session.ip ?? 'Unknown IP'} · Signed in {formatDate(session.createdAt, '24h')} · Last active{' '}
                  {formatDate(session.lastSeenAt, '24h')}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void signOut(session.id)}
                aria-label={`Sign out ${device.browser} on ${device.os}, last active ${formatDate(session.lastSeenAt, '24h')}`}
              >
                Sign out
              </Button>
            </li>
          );
        })}
      </ul>
    );
  else if (sessions.error) body = <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  else
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading sessions" />
      </div>
    );

  return (
    <Card>
      <CardHeader
        title="Active sessions"
        description="Signing out ends the session at once; the customer signs in again."
        action={
          list && list.length > 0 ? (
            <Button variant="ghost-danger" size="sm" onClick={() => void signOutEverywhere()}>
              Sign out everywhere
            </Button>
          ) : undefined
        }
      />
      {body}
      {dialog}
    </Card>
  );
}
