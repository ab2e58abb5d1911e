import type { RenewalExample } from '@tollgate/contract/checkout/price-lines';
import { formatBalance } from '#lib/format.ts';
import { lineRate, SOURCE_LABELS } from './price-lines.tsx';

/**
 * What adding GB or days to a plan costs later, priced by the server's renewal code: shown before a
 * purchase so a renewal is never a surprise, and to staff in the plan editor.
 */
export function RenewalExamples({
  examples,
  showTables = false,
}: {
  examples: RenewalExample[];
  showTables?: boolean;
}) {
  if (examples.length === 0) return null;
  // Each rule is said once under the table, however many examples it prices.
  const notes = [...new Set(examples.flatMap((e) => e.lines.map((line) => line.note)).filter(Boolean))];
  return (
    <div className="space-y-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Renewal prices</caption>
        <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Later
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Counted as
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {examples.map((example) => (
            <tr key={example.label} className="align-top text-slate-700 dark:text-slate-300">
              <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap text-slate-900 dark:text-white">
                {example.label}
              </th>
              <td className="py-2 pr-3 text-xs">
                {example.lines.map((line, i) => (
                  <span key={i} className="block">
                    {lineRate(line)} · {SOURCE_LABELS[line.source]}
                    {showTables && line.table !== 'plan' ? ` (${line.table})` : ''}
                  </span>
                ))}
              </td>
              <td className="py-2 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
                {formatBalance(example.subtotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {notes.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-4 text-xs text-slate-600 dark:text-slate-400">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
