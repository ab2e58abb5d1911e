import type { ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';
import { PAYMENT_METHOD_LABELS } from '#lib/payments.ts';
import type { BillSource } from '../utils/bill-source.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/**
 * Spec /bill/{subscriptionId}: the plan's purchase and renewals as a list of documents, each opening
 * its own invoice. Nothing here adds invoices up into one document.
 */
export function BillList({
  subscriptionId,
  source,
  back,
}: {
  subscriptionId: string;
  source: BillSource;
  back: ReactNode;
}) {
  const bill = useQuery({
    queryKey: [source.scope, 'bill', subscriptionId],
    queryFn: ({ signal }) => source.load(subscriptionId, signal),
  });
  if (bill.isPending) return <PageSpinner />;
  if (bill.error) return <ErrorState error={bill.error} onRetry={() => void bill.refetch()} />;
  const { invoices, total } = bill.data;
  const title = invoices[0]?.planTitle ?? invoices[0]?.description ?? 'Invoices';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">{back}</div>
      <Card>
        <CardHeader
          title={`Invoices for ${title}`}
          description={`${invoices.length} ${invoices.length === 1 ? 'invoice' : 'invoices'}; ${formatBalance(total)} paid. Open one to print it or download its PDF.`}
        />
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Invoices">
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <Link
                to={generatePath(source.invoicePath, { invoiceId: invoice.id })}
                className="flex items-start gap-3 px-5 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 sm:px-6 dark:hover:bg-slate-800/60"
              >
                <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
                <span className="min-w-0 flex-1 space-y-1">
                  <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <span className="font-medium text-brand-700 dark:text-brand-300">{invoice.number}</span>
                    <span className="flex items-center gap-3">
                      <InvoiceStatusBadge status={invoice.status} />
                      <span className="font-medium text-slate-900 tabular-nums dark:text-white">
                        {formatBalance(invoice.total)}
                      </span>
                    </span>
                  </span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    {formatDate(invoice.createdAt)} · {invoice.description} ·{' '}
                    {PAYMENT_METHOD_LABELS[invoice.paymentMethod]}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
