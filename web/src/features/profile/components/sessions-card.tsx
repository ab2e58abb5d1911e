import { revokeSession } from '@tollgate/contract/profile/profile';
import { SessionList } from '#components/session-list.tsx';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useRevokeSession, useSessions } from '../api/security.ts';

/** The customer's own sessions: this device tagged, any other one signed out from here. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  return (
    <Card>
      <CardHeader
        title="Active sessions"
        description="Where your account is signed in. Sign out any you do not recognise."
      />
      <SessionList
        sessions={sessions.data}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        empty={<EmptyState title="No active sessions" />}
        tag={(session) => session.current && <Badge tone="brand">This device</Badge>}
        action={(session) => {
          if (session.current) return null;
          const revoking = revoke.isPending && revoke.variables === session.id;
          return (
            <Button
              variant="outline"
              size="sm"
              disabled={revoking}
              onClick={() =>
                revoke.mutate(session.id, {
                  onSuccess: () => void notify('success', revokeSession.message),
                  onError: (error) => void notify('error', errorMessage(error)),
                })
              }
            >
              {revoking && <Spinner label="Signing out" />}
              Sign out
            </Button>
          );
        }}
      />
    </Card>
  );
}
