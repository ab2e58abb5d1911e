import { Monitor, Smartphone } from 'lucide-react';
import { revokeSession } from '@tollgate/contract/profile/profile';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatDate } from '#lib/format.ts';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useRevokeSession, useSessions } from '../api/security.ts';
import { parseUserAgent } from '#lib/user-agent.ts';

export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();

  let body;
  if (sessions.data && sessions.data.length === 0) body = <EmptyState title="No active sessions" />;
  else if (sessions.data) {
    body = (
      <ul aria-label="Active sessions" className="divide-y divide-slate-100 dark:divide-slate-800">
        {sessions.data.map((session) => {
          const device = parseUserAgent(session.userAgent);
          const Icon = device.mobile ? Smartphone : Monitor;
          const revoking = revoke.isPending && revoke.variables === session.id;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                  {device.browser} on {device.os}
                  {session.current && <Badge tone="brand">This device</Badge>}
                </p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  {session.ip ?? 'Unknown IP'} · Signed in {formatDate(session.createdAt, '24h')} · Last active{' '}
                  {formatDate(session.lastSeenAt, '24h')}
                </p>
              </div>
              {!session.current && (
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
              )}
            </li>
          );
        })}
      </ul>
    );
  } else if (sessions.error) body = <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
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
        description="Where your account is signed in. Sign out any you do not recognise."
      />
      {body}
    </Card>
  );
}
