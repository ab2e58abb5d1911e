import type { LogEntry } from '@tollgate/contract/admin/logs';
import { LogDiff, LogFacts } from './log-diff.tsx';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

/** The opened row: the change field by field, why, and where the request came from. */
export function LogDetails({ entry }: { entry: LogEntry }) {
  const hasDiff = entry.before !== null || entry.after !== null;
  return (
    <div className="space-y-4" data-testid="log-details">
      {hasDiff && <LogDiff before={entry.before} after={entry.after} />}
      {entry.detail && <LogFacts detail={entry.detail} />}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {entry.reason && <Fact label="Reason">{entry.reason}</Fact>}
        {entry.target && (
          <Fact label="Target">
            <span className="font-mono text-xs">
              {entry.target.type} {entry.target.id}
            </span>
          </Fact>
        )}
        <Fact label="IP address">
          <span className="font-mono text-xs">{entry.ip ?? 'Not recorded (a job or the command line)'}</span>
        </Fact>
        <Fact label="Device">{entry.userAgent ?? '—'}</Fact>
        <Fact label="Exact time (UTC)">
          <time dateTime={entry.createdAt} className="font-mono text-xs">
            {entry.createdAt.replace('T', ' ').replace('Z', '')}
          </time>
        </Fact>
      </dl>
    </div>
  );
}
