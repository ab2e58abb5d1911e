import type { ComponentType } from 'react';
import { cn } from '#lib/cn.ts';

export interface Tile {
  label: string;
  value: string;
  hint?: string;
  icon: ComponentType<{ className?: string }>;
  tone: string;
}

/** A row of figures, two across on phones. */
export function StatTiles({ tiles, label }: { tiles: Tile[]; label: string }) {
  return (
    <ul
      className={cn(
        'grid grid-cols-2 gap-3 sm:gap-4',
        tiles.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3 2xl:grid-cols-6',
      )}
      aria-label={label}
    >
      {tiles.map(({ label: name, value, hint, icon: Icon, tone }) => (
        <li
          key={name}
          className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <span className={cn('hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-xs text-slate-500 dark:text-slate-400">{name}</p>
            <p className="text-lg font-semibold text-slate-900 tabular-nums sm:text-xl dark:text-white">{value}</p>
            {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
