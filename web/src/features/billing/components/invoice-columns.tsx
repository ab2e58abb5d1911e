import { generatePath, Link } from 'react-router';
import type { AdminInvoice, Invoice } from '@tollgate/contract/checkout/invoices';
import { AccountCell } from '#components/account-cell.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';
import { PAYMENT_METHOD_LABELS } from '#lib/payments.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** The invoice columns of both lists; each number opens its own document (/invoice/:id, /admininvoice/:id). */
export function invoiceColumns<Row extends Invoice>(invoicePath: string): Array<Column<Row>> {
  return [
    {
      key: 'number',
      header: 'Invoice',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <Link
          to={generatePath(invoicePath, { invoiceId: row.id })}
          className="font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {row.number}
        </Link>
      ),
    },
    { key: 'date', header: 'Date', className: 'whitespace-nowrap', cell: (row) => formatDate(row.createdAt) },
    {
      key: 'description',
      header: 'Description',
      cell: (row) => <span className="line-clamp-2 max-w-72">{row.description}</span>,
    },
    { key: 'method', header: 'Method', cell: (row) => PAYMENT_METHOD_LABELS[row.paymentMethod] },
    { key: 'status', header: 'Status', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
    {
      key: 'total',
      header: 'Total',
      className: 'text-right tabular-nums whitespace-nowrap',
      cell: (row) => (
        <span>
          <span className="font-medium text-slate-900 dark:text-white">{formatBalance(row.total)}</span>
          {row.discount > 0 && (
            <span className="block text-xs text-emerald-700 dark:text-emerald-400">
              -{formatBalance(row.discount)}
              {row.couponCode ? ` (${row.couponCode})` : ''}
            </span>
          )}
        </span>
      ),
    },
  ];
}

export const customerColumn: Column<AdminInvoice> = {
  key: 'customer',
  header: 'Customer',
  cell: (row) => <AccountCell account={row.account} />,
};
