import type { Statistics } from '@tollgate/contract/admin/accounts';
import { formatDate } from '#lib/format.ts';

/** Plain CSS bars: one per day, height relative to the busiest day (recharts is not shipped). */
export function SignupsChart({ days }: { days: Statistics['signupsByDay'] }) {
  const max = Math.max(1, ...days.map((day) => day.count));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <figure>
      <div
        className="flex h-48 items-end gap-[3px] sm:gap-1"
        role="img"
        aria-label={`Sign-ups per day over the last ${days.length} days: ${total} in total`}
      >
        {days.map((day) => (
          <div key={day.date} className="group relative flex h-full flex-1 items-end">
            <div
              className="w-full rounded-t-sm bg-brand-500/85 transition-colors group-hover:bg-brand-600 dark:bg-brand-400/80"
              style={{ height: `${Math.max((day.count / max) * 100, day.count > 0 ? 4 : 1)}%` }}
            />
            <span className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-2 hidden -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow group-hover:block dark:bg-white dark:text-slate-900">
              {formatDate(`${day.date}T12:00:00Z`)}: {day.count}
            </span>
          </div>
        ))}
      </div>
      {days.length > 0 && (
        <figcaption className="mt-2 flex justify-between text-xs text-slate-500 dark:text-slate-400">
          <span>{formatDate(`${days[0]!.date}T12:00:00Z`)}</span>
          <span>{formatDate(`${days[days.length - 1]!.date}T12:00:00Z`)}</span>
        </figcaption>
      )}
    </figure>
  );
}
