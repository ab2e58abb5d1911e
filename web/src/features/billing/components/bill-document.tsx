import type { InvoiceDocument } from '@tollgate/contract/checkout/invoices';
import { LogoMark } from '#components/logo.tsx';
import { formatBalance, formatCountry, formatDate } from '#lib/format.ts';
import { PAYMENT_METHOD_LABELS } from '#lib/payments.ts';
import { BillLines } from './bill-lines.tsx';
import { BillParties } from './bill-parties.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** One invoice number as a printable document: its own lines, amount, issue date and paid status. */
export function BillDocument({ document, showTables = false }: { document: InvoiceDocument; showTables?: boolean }) {
  const { invoice } = document;
  const facts = [
    invoice.country && `Country: ${formatCountry(invoice.country)}`,
    `Payment: ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}`,
  ].filter(Boolean);
  return (
    <article
      aria-labelledby="bill-title"
      data-testid="bill-document"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900 print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-6 dark:border-slate-800">
        <div className="flex items-center gap-3">
          <LogoMark className="size-10" />
          <span className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {document.issuer.name}
          </span>
        </div>
        <div className="text-left sm:text-right">
          <h2 id="bill-title" className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            Invoice
          </h2>
          <dl className="mt-2 space-y-0.5 text-sm text-slate-600 dark:text-slate-300">
            <div>
              <dt className="inline">No. </dt>
              <dd className="inline font-medium text-slate-900 dark:text-white">{invoice.number}</dd>
            </div>
            <div>
              <dt className="inline">Issued </dt>
              <dd className="inline">{formatDate(invoice.createdAt)}</dd>
            </div>
            {invoice.paidAt && (
              <div>
                <dt className="inline">Paid </dt>
                <dd className="inline">{formatDate(invoice.paidAt)}</dd>
              </div>
            )}
          </dl>
          <div className="mt-2">
            <InvoiceStatusBadge status={invoice.status} />
          </div>
        </div>
      </header>
      <div className="border-b border-slate-200 py-6 dark:border-slate-800">
        <BillParties bill={document} />
      </div>
      <div className="space-y-1 pt-6">
        <p className="font-medium text-slate-900 dark:text-white">{invoice.description}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{facts.join(' · ')}</p>
      </div>
      <div className="py-4">
        <BillLines lines={invoice.lines} showTables={showTables} />
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-5 dark:border-slate-800">
        <dl className="w-full max-w-xs space-y-1.5 text-sm">
          <div className="flex justify-between text-slate-600 dark:text-slate-300">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{formatBalance(invoice.subtotal)}</dd>
          </div>
          {invoice.discount > 0 && (
            <div className="flex justify-between text-slate-600 dark:text-slate-300">
              <dt>Coupon{invoice.couponCode ? ` ${invoice.couponCode}` : ''}</dt>
              <dd className="tabular-nums">-{formatBalance(invoice.discount)}</dd>
            </div>
          )}
          <div className="flex justify-between text-lg font-semibold text-slate-900 dark:text-white">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="bill-total">
              {formatBalance(invoice.total)}
            </dd>
          </div>
        </dl>
      </div>
      <p className="mt-8 text-xs text-slate-500 dark:text-slate-400">
        Amounts in US dollars. Thank you for choosing {document.issuer.name}.
      </p>
    </article>
  );
}
