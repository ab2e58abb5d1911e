import { useEffect } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { CheckCircle2, Clock, Network, XCircle } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner, Spinner } from '#components/ui/spinner.tsx';
import { formatBalance } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { PAYMENT_METHOD_LABELS } from '#lib/payments.ts';
import { refreshCurrentUser } from '#lib/session.ts';
import { usePurchaseBill } from '../api/checkout.ts';
import { ResultPanel } from '../components/result-panel.tsx';

/**
 * Card and crypto customers may arrive before the provider's webhook: the bill is read again every
 * two seconds until its invoice is paid (or two minutes pass).
 */
export default function PaymentSuccessPage() {
  const { subscriptionId = '' } = useParams();
  const { query, expired } = usePurchaseBill(subscriptionId);
  const invoice = query.data;
  const paid = invoice?.status === 'paid';
  useEffect(() => {
    if (paid) void refreshCurrentUser();
  }, [paid]);

  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <PageSpinner />;

  // The invoice just paid opens as its own document; before it exists, the plan's bill lists it.
  const billLink = (
    <Link
      to={
        invoice ? generatePath(paths.invoice, { invoiceId: invoice.id }) : generatePath(paths.bill, { subscriptionId })
      }
      className={buttonClass('outline')}
    >
      View invoice
    </Link>
  );
  const invoicesLink = (
    <Link to={paths.invoices} className={buttonClass('outline')}>
      All invoices
    </Link>
  );
  const dashboardLink = (
    <Link to={paths.dashboard} className={buttonClass('ghost')}>
      Go to dashboard
    </Link>
  );

  if (!invoice || invoice.status === 'failed' || invoice.status === 'cancelled') {
    return (
      <ResultPanel
        tone="error"
        icon={<XCircle className="size-7" aria-hidden="true" />}
        title="Payment not completed"
        actions={
          <>
            <Link to={paths.plans} className={buttonClass('primary')}>
              Try again
            </Link>
            {dashboardLink}
          </>
        }
      >
        This order was not paid, so nothing was charged.
      </ResultPanel>
    );
  }
  if (paid) {
    return (
      <ResultPanel
        tone="success"
        icon={<CheckCircle2 className="size-7" aria-hidden="true" />}
        title="Payment received"
        actions={
          <>
            {invoice.kind !== 'deposit' && (
              <Link to={generatePath(paths.generator, { subscriptionId })} className={buttonClass('primary')}>
                <Network className="size-4" aria-hidden="true" />
                Open generator
              </Link>
            )}
            {billLink}
            {invoicesLink}
            {dashboardLink}
          </>
        }
      >
        <p>
          {invoice.planTitle ? `Your ${invoice.planTitle} plan is ready.` : 'Your order is complete.'} We charged{' '}
          <span className="font-semibold text-slate-900 dark:text-white">{formatBalance(invoice.total)}</span> by{' '}
          {PAYMENT_METHOD_LABELS[invoice.paymentMethod].toLowerCase()}, invoice {invoice.number}.
        </p>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel
      tone="waiting"
      icon={expired ? <Clock className="size-7" aria-hidden="true" /> : <Spinner className="[&_svg]:size-7" />}
      title="Waiting for the payment confirmation"
      actions={
        <>
          {billLink}
          {dashboardLink}
        </>
      }
    >
      {expired
        ? 'The payment provider has not confirmed yet. Your plan starts as soon as it does; the bill shows the status.'
        : 'This usually takes a few seconds. Keep this page open; it updates by itself.'}
    </ResultPanel>
  );
}
