import type { Invoice } from '@tollgate/contract/checkout/invoices';
import { formatBalance, formatCountry, formatDate, formatNumber } from '#lib/format.ts';
import { PAYMENT_METHOD_LABELS } from '#lib/payments.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const quantity = (line: Invoice) =>
  line.units === null || line.unit === null
    ? '—'
    : line.unit === 'package'
      ? '1 package'
      : `${formatNumber(line.units)} ${line.unit}`;

const discount = (line: Invoice) =>
  line.discount > 0 ? `-${formatBalance(line.discount)}${line.couponCode ? ` (${line.couponCode})` : ''}` : '—';

const HEADERS = ['Invoice', 'Date', 'Description', 'Quantity', 'Days', 'Country', 'Subtotal', 'Discount', 'Total'];

/** The invoice lines: a table on wide screens and paper, one block per line on phones. */
export function BillLines({ invoices }: { invoices: Invoice[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block print:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-700 dark:text-slate-400">
            <tr>
              {HEADERS.map((header, index) => (
                <th key={header} scope="col" className={`py-2 pr-3 font-medium ${index >= 6 ? 'text-right' : ''}`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {invoices.map((line) => (
              <tr key={line.id} className="align-top text-slate-700 dark:text-slate-300">
                <td className="py-3 pr-3 font-medium whitespace-nowrap text-slate-900 dark:text-white">
                  {line.number}
                  <div className="mt-1 flex flex-wrap items-center gap-1 font-normal">
                    <InvoiceStatusBadge status={line.status} />
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {PAYMENT_METHOD_LABELS[line.paymentMethod]}
                    </span>
                  </div>
                </td>
                <td className="py-3 pr-3 whitespace-nowrap">{formatDate(line.createdAt)}</td>
                <td className="py-3 pr-3">{line.description}</td>
                <td className="py-3 pr-3 whitespace-nowrap">{quantity(line)}</td>
                <td className="py-3 pr-3">{line.days ?? '—'}</td>
                <td className="py-3 pr-3">{formatCountry(line.country)}</td>
                <td className="py-3 pr-3 text-right tabular-nums">{formatBalance(line.subtotal)}</td>
                <td className="py-3 pr-3 text-right whitespace-nowrap tabular-nums">{discount(line)}</td>
                <td className="py-3 text-right font-medium text-slate-900 tabular-nums dark:text-white">
                  {formatBalance(line.total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden print:hidden dark:divide-slate-800" aria-label="Invoice lines">
        {invoices.map((line) => (
          <li key={line.id} className="space-y-1.5 py-4 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-slate-900 dark:text-white">{line.number}</span>
              <InvoiceStatusBadge status={line.status} />
            </div>
            <p className="text-slate-700 dark:text-slate-300">{line.description}</p>
            {(
              [
                ['Date', formatDate(line.createdAt)],
                ['Quantity', quantity(line)],
                ['Days', line.days ?? '—'],
                ['Country', formatCountry(line.country)],
                ['Payment', PAYMENT_METHOD_LABELS[line.paymentMethod]],
                ['Subtotal', formatBalance(line.subtotal)],
                ['Discount', discount(line)],
                ['Total', formatBalance(line.total)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 text-slate-600 dark:text-slate-400">
                <span>{label}</span>
                <span className="text-right text-slate-800 tabular-nums dark:text-slate-200">{value}</span>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
