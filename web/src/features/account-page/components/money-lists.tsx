import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Undo2 } from 'lucide-react';
import type { AccountPayment, LedgerItem } from '@tollgate/contract/admin/account-page';
import type { Invoice } from '@tollgate/contract/checkout/invoices';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { useInvoices, useLedger, usePayments } from '../api/admin-account.ts';
import { PagedList } from './paged-list.tsx';
import { RefundDialog } from './refund-dialog.tsx';

const KIND_LABELS: Record<LedgerItem['kind'], string> = {
  deposit: 'Deposit',
  purchase: 'Plan purchase',
  renewal: 'Plan renewal',
  refund: 'Refund',
  staff_adjustment: 'Staff adjustment',
  reward: 'Reward',
  referral_reward: 'Referral reward',
  referral_reversal: 'Referral reward refunded',
  loyalty_reward: 'Loyalty reward',
  loyalty_reversal: 'Loyalty reward refunded',
  deposit_reversal: 'Top-up refunded or charged back',
  gift: 'Gift code',
};

/** +$5.00 in green, -$5.00 plain: which way the money went is read before the amount. */
export function SignedAmount({ amount }: { amount: number }) {
  return (
    <span className={amount > 0 ? 'font-medium text-emerald-700 dark:text-emerald-400' : undefined}>
      {amount > 0 ? '+' : ''}
      {formatBalance(amount)}
    </span>
  );
}

const invoiceLink = (invoiceId: string) => generatePath(paths.adminInvoice, { invoiceId });

/**
 * The line under an entry's kind: the staff member's reason, else the invoice it concerns as a link.
 * The raw reference (an invoice, payment, claim or redemption id) is for machines and stays off screen.
 */
function EntryDetail({ row }: { row: LedgerItem }) {
  const className = 'max-w-xs text-xs break-words text-slate-500 dark:text-slate-400';
  if (row.reason) return <p className={className}>{row.reason}</p>;
  if (!row.invoice) return null;
  return (
    <p className={className}>
      <Link to={invoiceLink(row.invoice.id)} className="text-brand-700 hover:underline dark:text-brand-300">
        Invoice {row.invoice.number}
      </Link>
    </p>
  );
}

export const ledgerColumns: Array<Column<LedgerItem>> = [
  {
    key: 'what',
    header: 'Entry',
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{KIND_LABELS[row.kind]}</p>
        <EntryDetail row={row} />
      </div>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: (row) => <SignedAmount amount={row.amount} />,
  },
  {
    key: 'after',
    header: 'Balance after',
    className: 'text-right tabular-nums',
    cell: (row) => formatBalance(row.balanceAfter),
  },
  { key: 'by', header: 'By', cell: (row) => row.actor?.username ?? '—' },
  { key: 'at', header: 'Date', className: 'whitespace-nowrap', cell: (row) => formatDate(row.createdAt, '24h') },
];

export function LedgerList({ userId }: { userId: string }) {
  return (
    <PagedList
      caption="Ledger"
      columns={ledgerColumns}
      userId={userId}
      useList={useLedger}
      emptyTitle="No balance changes yet"
      emptyDescription="Deposits, purchases, refunds and staff adjustments appear here."
    />
  );
}

const STATUS_TONES: Record<string, BadgeTone> = {
  paid: 'success',
  pending: 'warning',
  failed: 'danger',
  cancelled: 'neutral',
  expired: 'neutral',
  refunded: 'info',
};
const StatusBadge = ({ status }: { status: string }) => (
  <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>
);

const baseInvoiceColumns: Array<Column<Invoice>> = [
  {
    key: 'number',
    header: 'Invoice',
    cell: (row) => (
      <div className="min-w-0">
        <Link to={invoiceLink(row.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          {row.number}
        </Link>
        <p className="max-w-xs truncate text-xs text-slate-500 dark:text-slate-400">{row.description}</p>
      </div>
    ),
  },
  { key: 'method', header: 'Paid with', cell: (row) => row.paymentMethod },
  { key: 'total', header: 'Total', className: 'text-right tabular-nums', cell: (row) => formatBalance(row.total) },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge status={row.refundedAt ? 'refunded' : row.status} />,
  },
  { key: 'at', header: 'Date', className: 'whitespace-nowrap', cell: (row) => formatDate(row.createdAt) },
];

/** Invoices, with a Refund action for paid purchases and renewals when the viewer may refund. */
export function InvoicesList({ userId, canRefund = false }: { userId: string; canRefund?: boolean }) {
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  const refundColumn: Column<Invoice> = {
    key: 'refund',
    header: 'Actions',
    cell: (row) =>
      row.status === 'paid' && row.kind !== 'deposit' && !row.refundedAt ? (
        <Button variant="ghost" size="sm" onClick={() => setRefunding(row)}>
          <Undo2 className="size-4" aria-hidden="true" />
          Refund
        </Button>
      ) : null,
  };
  return (
    <>
      <PagedList
        caption="Invoices"
        columns={canRefund ? [...baseInvoiceColumns, refundColumn] : baseInvoiceColumns}
        userId={userId}
        useList={useInvoices}
        emptyTitle="No invoices yet"
      />
      <RefundDialog userId={userId} invoice={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}

const paymentColumns: Array<Column<AccountPayment>> = [
  {
    key: 'invoice',
    header: 'Payment',
    cell: (row) => (
      <div className="min-w-0">
        <Link
          to={invoiceLink(row.invoiceId)}
          className="font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {row.invoiceNumber}
        </Link>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {row.purpose === 'deposit' ? 'Deposit' : 'Purchase'} · {row.method === 'stripe' ? 'Card' : 'Crypto'} (
          {row.provider})
        </p>
      </div>
    ),
  },
  { key: 'amount', header: 'Amount', className: 'text-right tabular-nums', cell: (row) => formatBalance(row.amount) },
  { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
  {
    key: 'external',
    header: 'Provider id',
    cell: (row) => <span className="font-mono text-xs break-all">{row.externalId ?? '—'}</span>,
  },
  { key: 'at', header: 'Date', className: 'whitespace-nowrap', cell: (row) => formatDate(row.createdAt, '24h') },
];

export function PaymentsList({ userId }: { userId: string }) {
  return (
    <PagedList
      caption="Payments"
      columns={paymentColumns}
      userId={userId}
      useList={usePayments}
      emptyTitle="No card or crypto payments yet"
    />
  );
}
