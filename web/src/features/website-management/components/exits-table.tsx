import { checkExit, wayOut, type ExitRow } from '../utils/exit-rows.ts';
import { countryLabel, placeOf, typeLabel } from './exit-row-editor.tsx';
import { ExitTest } from './exit-test.tsx';

/** The exits as a Manager sees them: read-only, each still testable. */
export function ExitsTable({ rows }: { rows: Array<{ row: ExitRow; number: number }> }) {
  return (
    <ul
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      aria-label="Exits"
    >
      {rows.map(({ row, number }) => {
        const place = placeOf(row);
        const detail = row.upstream.trim() ? row.upstream.trim().replace(/\/\/[^@/]*@/, '//***@') : '';
        return (
          <li key={row.key} className="space-y-2 p-4">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-sm font-semibold text-slate-900 dark:text-white">
                Exit {number}: {typeLabel(row.type)}, {countryLabel(row.country)}
              </span>
              {place && <span className="text-sm text-slate-600 dark:text-slate-300">{place}</span>}
            </div>
            <p className="text-sm break-all text-slate-600 dark:text-slate-300">
              {wayOut(row)}
              {detail && <span className="ml-1 font-mono text-xs">{detail}</span>}
            </p>
            <ExitTest exit={checkExit(row).exit} name={`exit ${number}`} />
          </li>
        );
      })}
    </ul>
  );
}
