import { cn } from '#lib/cn.ts';
import { Card } from '#components/ui/card.tsx';

export type Change =
  { kind: 'percent'; value: number } | { kind: 'points'; value: number } | { kind: 'new' } | { kind: 'none' };

/** Relative change of a figure against the previous period; `new` when it was zero before. */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { kind: 'none' } : { kind: 'new' };
  return { kind: 'percent', value: (current - previous) / Math.abs(previous) };
}
/** A rate's change in percentage points (a rate is compared by difference, not by ratio). */
export function pointsChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { kind: 'none' };
  return { kind: 'points', value: current - previous };
}

const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const pts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function ChangeLine({ change, goodWhenUp }: { change: Change; goodWhenUp: boolean }) {
  if (change.kind === 'none')
    return <span className="text-slate-500 dark:text-slate-400">— same as previous period</span>;
  if (change.kind === 'new')
    return <span className="text-slate-500 dark:text-slate-400">new: none in previous period</span>;
  const up = change.value > 0;
  const flat = Math.abs(change.value) < 0.0005;
  const text =
    change.kind === 'percent' ? pct.format(Math.abs(change.value)) : `${pts.format(Math.abs(change.value) * 100)} pts`;
  if (flat) return <span className="text-slate-500 dark:text-slate-400">— no change</span>;
  const good = up === goodWhenUp;
  return (
    <span
      className={cn('font-medium', good ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}
    >
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      <span className="sr-only">{up ? 'up' : 'down'}</span> {text}
    </span>
  );
}

/** A headline figure with its change against the previous period (green when the change is good). */
export function KpiCard({
  label,
  value,
  change,
  goodWhenUp = true,
  hint,
}: {
  label: string;
  value: string;
  change: Change;
  goodWhenUp?: boolean;
  hint?: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-2 text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl dark:text-white">{value}</p>
      <p className="mt-1 text-xs">
        <ChangeLine change={change} goodWhenUp={goodWhenUp} />
        {(change.kind === 'percent' || change.kind === 'points') && (
          <span className="text-slate-500 dark:text-slate-400"> vs previous period</span>
        )}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </Card>
  );
}
