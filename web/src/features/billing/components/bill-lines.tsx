import type { PriceLine } from '@tollgate/contract/checkout/price-lines';
import { lineRate, PriceLines, SOURCE_LABELS } from '#components/pricing/price-lines.tsx';
import { formatBalance } from '#lib/format.ts';

const HEADERS = ['Item', 'Quantity', 'Price from', 'Amount'];

/** An invoice's charges as the pricing module made them: a table on wide screens and paper, a list on phones. */
export function BillLines({ lines, showTables = false }: { lines: PriceLine[]; showTables?: boolean }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block print:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-700 dark:text-slate-400">
            <tr>
              {HEADERS.map((header, index) => (
                <th key={header} scope="col" className={`py-2 pr-3 font-medium ${index === 3 ? 'text-right' : ''}`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {lines.map((line, index) => (
              <tr key={`${line.label}-${index}`} className="align-top text-slate-700 dark:text-slate-300">
                <td className="py-3 pr-3">
                  <span className="font-medium text-slate-900 dark:text-white">{line.label}</span>
                  {line.note && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{line.note}</p>}
                </td>
                <td className="py-3 pr-3 whitespace-nowrap tabular-nums">{lineRate(line)}</td>
                <td className="py-3 pr-3">
                  {SOURCE_LABELS[line.source]}
                  {showTables && line.table !== 'plan' ? ` · ${line.table}` : ''}
                </td>
                <td className="py-3 text-right font-medium text-slate-900 tabular-nums dark:text-white">
                  {formatBalance(line.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PriceLines lines={lines} showTables={showTables} className="md:hidden print:hidden" />
    </>
  );
}
