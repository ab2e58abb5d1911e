import type { ReactNode } from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatDate } from '#lib/format.ts';
import { parseUserAgent, type Device } from '#lib/user-agent.ts';

interface Session {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/**
 * Where an account is signed in, one device a row, as the customer's security page and the staff
 * account page both show it; each says what a row offers (`action`) and may tag one (`tag`).
 */
export function SessionList<S extends Session>({
  sessions,
  error,
  onRetry,
  empty,
  tag,
  action,
}: {
  sessions: S[] | undefined;
  error: unknown;
  onRetry: () => void;
  empty: ReactNode;
  tag?: (session: S) => ReactNode;
  action: (session: S, device: Device) => ReactNode;
}) {
  if (sessions && sessions.length === 0) return empty;
  if (!sessions && error) return <ErrorState error={error} onRetry={onRetry} />;
  if (!sessions)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading sessions" />
      </div>
    );
  return (
    <ul aria-label="Active sessions" className="divide-y divide-slate-100 dark:divide-slate-800">
      {sessions.map((session) => {
        const device = parseUserAgent(session.userAgent);
        const Icon = device.mobile ? Smartphone : Monitor;
        return (
          <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                {device.browser} on {device.os}
                {tag?.(session)}
              </p>
              <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                {session.ip ?? 'Unknown IP'} · Signed in {formatDate(session.createdAt, '24h')} · Last active{' '}
                {formatDate(session.lastSeenAt, '24h')}
              </p>
            </div>
            {action(session, device)}
          </li>
        );
      })}
    </ul>
  );
}
