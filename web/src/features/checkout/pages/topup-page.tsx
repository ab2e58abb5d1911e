import { useSearchParams } from 'react-router';
import { CreditCard, ShieldCheck, Wallet } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatBalance } from '#lib/format.ts';
import { useCurrentUser } from '#lib/session.ts';
import { PaymentReturnBanner } from '../components/payment-return-banner.tsx';
import { GiftCodeCard } from '../components/gift-code-card.tsx';
import { TopupForm } from '../components/topup-form.tsx';

/** /topup, titled Deposit Balance (spec §2); also where card and crypto providers send people back. */
export default function TopupPage() {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  if (isPending) return <PageSpinner />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Deposit Balance"
        description="Add funds by card or crypto, then buy and renew plans in one click."
      />
      {paymentId && (
        <PaymentReturnBanner key={paymentId} paymentId={paymentId} onDismiss={() => setParams({}, { replace: true })} />
      )}
      <div className="grid items-start gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader title="New deposit" description="You will finish the payment on a secure checkout page." />
          <CardBody>
            <TopupForm user={user} />
          </CardBody>
        </Card>
        {/* Phones see the balance before the form; wide screens beside it, the gift code under it. */}
        <div className="order-first space-y-6 xl:order-none">
          <Card>
            <CardBody className="space-y-5">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200">
                  <Wallet className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <p className="text-sm text-slate-500 dark:text-slate-400">Current balance</p>
                  <p
                    className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white"
                    data-testid="current-balance"
                  >
                    {formatBalance(user.balance)}
                  </p>
                </div>
              </div>
              {user.stripePaymentProcessorEnabled && (
                <div className="flex items-center gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
                  <CreditCard className="size-5 text-slate-400" aria-hidden="true" />
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    Card payments up to <span className="font-semibold">{formatBalance(user.stripeLimit)}</span> per
                    day.
                  </p>
                </div>
              )}
              <div className="flex items-start gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
                <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-500" aria-hidden="true" />
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Your balance is credited once the provider confirms the payment, usually within seconds. Every deposit
                  gets an invoice.
                </p>
              </div>
            </CardBody>
          </Card>
          <GiftCodeCard />
        </div>
      </div>
    </div>
  );
}
