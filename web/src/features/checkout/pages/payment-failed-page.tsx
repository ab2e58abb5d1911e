import { Link } from 'react-router';
import { XCircle } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { ResultPanel } from '../components/result-panel.tsx';

export default function PaymentFailedPage() {
  return (
    <ResultPanel
      tone="error"
      icon={<XCircle className="size-7" aria-hidden="true" />}
      title="Payment failed"
      actions={
        <>
          <Link to={paths.plans} className={buttonClass('primary')}>
            Try again
          </Link>
          <Link to={paths.topup} className={buttonClass('outline')}>
            Deposit balance
          </Link>
          <Link to={paths.dashboard} className={buttonClass('ghost')}>
            Go to dashboard
          </Link>
        </>
      }
    >
      The payment was cancelled or declined, and nothing was charged. You can try again, pay from your balance after a
      deposit, or choose another payment method.
    </ResultPanel>
  );
}
