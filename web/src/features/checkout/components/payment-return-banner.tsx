import { useEffect } from 'react';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatBalance } from '#lib/format.ts';
import { refreshCurrentUser } from '#lib/session.ts';
import { usePaymentStatus } from '../api/checkout.ts';

const FAILED = {
  cancelled: [
    'Payment cancelled',
    'The payment was cancelled and nothing was charged. You can start a new deposit below.',
  ],
  failed: [
    'Payment failed',
    'The provider declined the payment and nothing was charged. Try again or use another method.',
  ],
  expired: ['Payment expired', 'The checkout expired before it was paid. Start a new deposit below.'],
} as const;

/** The provider sends the customer back to /topup?payment={id}: say how that payment went. */
export function PaymentReturnBanner({ paymentId, onDismiss }: { paymentId: string; onDismiss: () => void }) {
  const { query, expired } = usePaymentStatus(paymentId);
  const status = query.data?.status;
  useEffect(() => {
    // The balance in the top bar changes once the deposit is credited.
    if (status === 'paid') void refreshCurrentUser();
  }, [status]);

  const dismiss = (
    <Button variant="ghost" size="sm" onClick={onDismiss}>
      Dismiss
    </Button>
  );
  if (query.error) return <Alert action={dismiss}>{errorMessage(query.error)}</Alert>;
  if (!query.data) {
    return (
      <Alert tone="info">
        <span className="flex items-center gap-2">
          <Spinner label="Checking your payment" /> Checking your payment…
        </span>
      </Alert>
    );
  }
  const { amount, purpose } = query.data;
  const what = purpose === 'deposit' ? 'Deposit' : 'Payment';
  if (status === 'paid') {
    return (
      <Alert tone="success" title={`${what} of ${formatBalance(amount)} received`} action={dismiss}>
        {purpose === 'deposit' ? 'Your balance has been updated.' : 'Thank you for your payment.'}
      </Alert>
    );
  }
  if (status === 'pending') {
    return (
      <Alert tone="info" title="Waiting for confirmation" action={expired ? dismiss : undefined}>
        {expired
          ? `We have not heard from the payment provider yet. The ${formatBalance(amount)} is credited as soon as it confirms.`
          : `We are waiting for the payment provider to confirm ${formatBalance(amount)}. This usually takes a few seconds.`}
      </Alert>
    );
  }
  const [title, text] = FAILED[status ?? 'failed'];
  return (
    <Alert title={title} action={dismiss}>
      {text}
    </Alert>
  );
}
