import { adminRevokeAllSessions, adminRevokeSession } from '@tollgate/contract/admin/account-page';
import { Button } from '#components/ui/button.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { SessionList } from '#components/session-list.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
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
      <SessionList
        sessions={list}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        empty={<EmptyState title="Not signed in anywhere" description="New sign-ins appear here." />}
        action={(session, device) => (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void signOut(session.id)}
            aria-label={`Sign out ${device.browser} on ${device.os}, last active ${formatDate(session.lastSeenAt, '24h')}`}
          >
            Sign out
          </Button>
        )}
      />
      {dialog}
    </Card>
  );
}
