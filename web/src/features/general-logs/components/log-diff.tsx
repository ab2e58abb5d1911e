import { useState } from 'react';
import { cn } from '#lib/cn.ts';
import { diffOf, fieldLabel, showValue, type FieldChange } from '../utils/diff.ts';

const ROW_TONE: Record<FieldChange['kind'], string> = {
  changed: 'bg-amber-50 dark:bg-amber-500/10',
  added: 'bg-emerald-50 dark:bg-emerald-500/10',
  removed: 'bg-red-50 dark:bg-red-500/10',
  same: '',
};
const KIND_WORD: Record<FieldChange['kind'], string> = {
  changed: 'changed',
  added: 'added',
  removed: 'removed',
  same: 'unchanged',
};

function Cell({ value, tone }: { value: string | null; tone: 'before' | 'after' | 'plain' }) {
  if (value === null) return <span className="text-slate-400 dark:text-slate-500">—</span>;
  return (
    <span
      className={cn(
        'font-mono text-xs break-all whitespace-pre-wrap',
        tone === 'before' && 'text-red-700 line-through decoration-red-400/60 dark:text-red-300',
        tone === 'after' && 'font-semibold text-emerald-800 dark:text-emerald-300',
      )}
    >
      {value}
    </span>
  );
}

/**
 * Before and after of a staff change, one line per field: changed fields highlighted with the old
 * value struck through and the new one beside it; unchanged fields folded away until asked for.
 */
export function LogDiff({ before, after }: { before: unknown; after: unknown }) {
  const [showSame, setShowSame] = useState(false);
  const changes = diffOf(before, after);
  const same = changes.filter((c) => c.kind === 'same');
  const shown = showSame ? changes : changes.filter((c) => c.kind !== 'same');
  if (changes.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No fields recorded.</p>;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm" data-testid="log-diff">
          <caption className="sr-only">Fields before and after the change</caption>
          <thead className="bg-slate-100 text-xs text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Field
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Before
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((change) => (
              <tr key={change.path} className={ROW_TONE[change.kind]} data-change={change.kind}>
                <th scope="row" className="px-3 py-2 align-top font-medium text-slate-700 dark:text-slate-200">
                  {fieldLabel(change.path)}
                  <span className="sr-only"> ({KIND_WORD[change.kind]})</span>
                </th>
                <td className="px-3 py-2 align-top">
                  <Cell value={change.before} tone={change.kind === 'same' ? 'plain' : 'before'} />
                </td>
                <td className="px-3 py-2 align-top">
                  <Cell value={change.after} tone={change.kind === 'same' ? 'plain' : 'after'} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {same.length > 0 && (
        <button
          type="button"
          onClick={() => setShowSame((v) => !v)}
          className="text-xs font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400"
        >
          {showSame ? 'Hide unchanged fields' : `Show ${same.length} unchanged field${same.length === 1 ? '' : 's'}`}
        </button>
      )}
    </div>
  );
}

/** A security event's facts (method, sessions ended, key prefix) as a short list. */
export function LogFacts({ detail }: { detail: Record<string, unknown> }) {
  const entries = Object.entries(detail);
  if (entries.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{fieldLabel(key)}</dt>
          <dd className="font-mono text-xs break-all text-slate-800 dark:text-slate-200">{showValue(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
