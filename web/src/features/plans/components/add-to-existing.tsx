import { useState, type FormEvent } from 'react';
import { generatePath, useNavigate } from 'react-router';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import type { Plan } from '@tollgate/contract/plans/plans';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { PaymentMethodPicker } from '#components/payment-method-picker.tsx';
import { PriceLines } from '#components/pricing/price-lines.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatBalance, formatCountry, formatDate, formatNumber } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { checkoutPage, enabledPaymentMethods } from '#lib/payments.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { useAddBandwidth, useAddBandwidthQuote, useMyPlansOf } from '../api/add-bandwidth.ts';

const METHOD_HINTS = { stripe: 'Visa, Mastercard and more', crypto: 'BTC, ETH, USDT and other coins' } as const;

const planName = (s: Subscription) =>
  `${s.planTitle} · ${s.id.slice(0, 8)} · ${formatCountry(s.country)} · bought ${formatDate(s.createdAt)} · ${formatNumber(s.bandwidthLeft)} GB left`;

/**
 * A customer who already has this product can top up that plan instead of buying a second one (one
 * pool, the way the big providers sell residential GB): a bandwidth renewal, priced and paid like one.
 */
export function AddToExisting({ plan, user }: { plan: Plan; user: CurrentUser }) {
  const mine = useMyPlansOf(plan.id);
  const [open, setOpen] = useState(false);
  const plans = mine.data ?? [];
  if (plans.length === 0) return null;
  const count = plans.length === 1 ? 'a' : `${plans.length}`;
  return (
    <Card>
      <CardHeader
        title={`You already have ${count} ${plan.title} ${plans.length === 1 ? 'plan' : 'plans'}`}
        description="Add GB to it instead of buying a second plan: one pool, the same end date and credentials."
        action={
          <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {open ? 'Buy a new plan instead' : 'Add GB to an existing plan'}
          </Button>
        }
      />
      {open && <AddToExistingForm plans={plans} user={user} />}
    </Card>
  );
}

function AddToExistingForm({ plans, user }: { plans: Subscription[]; user: CurrentUser }) {
  const navigate = useNavigate();
  const methods = enabledPaymentMethods(user);
  const [subscriptionId, setSubscriptionId] = useState(plans[0]!.id);
  const [gb, setGb] = useState('5');
  const [method, setMethod] = useState<PaymentMethod | ''>(methods[0] ?? '');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const bandwidth = useDebouncedValue(/^\d+$/.test(gb.trim()) ? Number(gb) : NaN, 400);
  const quote = useAddBandwidthQuote(subscriptionId, bandwidth, method || undefined);
  const add = useAddBandwidth();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(gb);
    if (!Number.isInteger(amount) || amount < 1) return setError('Choose at least 1 GB');
    if (!method) return setError('Choose a payment method');
    setError(null);
    add.mutate(
      { subscriptionId, bandwidth: amount, paymentMethod: method },
      {
        onSuccess: (result) => {
          const url = result.linkData?.hosted_url ?? result.invoiceLink;
          if (result.status !== 'paid' && url) {
            setLeaving(true);
            checkoutPage.open(url);
            return;
          }
          void navigate(generatePath(paths.paymentSuccess, { subscriptionId }));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <CardBody>
      <form noValidate onSubmit={submit} aria-label="Add GB to an existing plan" className="grid gap-5 sm:grid-cols-2">
        {error && <Alert className="sm:col-span-2">{error}</Alert>}
        <Select
          label="Plan"
          className="sm:col-span-2"
          value={subscriptionId}
          onChange={(event) => setSubscriptionId(event.target.value)}
        >
          {plans.map((s) => (
            <option key={s.id} value={s.id}>
              {planName(s)}
            </option>
          ))}
        </Select>
        <Input
          label="GB to add"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={gb}
          onChange={(event) => setGb(event.target.value)}
        />
        <div aria-live="polite" aria-busy={quote.isFetching || undefined} className="sm:row-span-2">
          {quote.error && !quote.isFetching ? (
            <Alert>{errorMessage(quote.error)}</Alert>
          ) : quote.data ? (
            <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900/60">
              <PriceLines lines={quote.data.lines} />
              <p className="flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
                <span>Total</span>
                <span className="tabular-nums">{formatBalance(quote.data.total)}</span>
              </p>
            </div>
          ) : (
            <Spinner label="Calculating the price" />
          )}
        </div>
        <div className="sm:col-span-2">
          <PaymentMethodPicker
            options={methods.map((m) => ({
              method: m,
              description: m === 'balance' ? `Available: ${formatBalance(user.balance)}` : METHOD_HINTS[m],
            }))}
            value={method}
            onChange={setMethod}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending || leaving || methods.length === 0 || !user.emailVerified}>
            {(add.isPending || leaving) && <Spinner label="Paying" className="[&_svg]:text-white" />}
            Add GB to this plan
          </Button>
        </div>
      </form>
    </CardBody>
  );
}
