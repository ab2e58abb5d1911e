import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { renewSubscription, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { DaysInput } from '#components/days-input.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatBalance, formatCountry, formatDate } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { planFacts, planName } from '#lib/plan-identity.ts';
import { checkoutPage, enabledPaymentMethods, PAYMENT_METHOD_LABELS } from '#lib/payments.ts';
import { notify } from '#lib/toast.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { useForm } from '#lib/use-form.ts';
import { useRenewQuote, useRenewSubscription, type RenewQuoteQuery } from '../api/subscription-actions.ts';
import { renewFailure } from '../utils/renew-errors.ts';
import {
  dayBoundsOf,
  initialRenewValues,
  inputsOf,
  renewBodyOf,
  renewOptionsOf,
  type UpdatingType,
} from '../utils/renew-request.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { RenewPrice } from './renew-price.tsx';

type Paid = { total: number; balance: number };

/** Renew, extend or add bandwidth to one plan, with the server's price shown before paying. */
export function RenewDialog({
  subscription,
  user,
  onClose,
}: {
  subscription: Subscription;
  user: CurrentUser;
  onClose: () => void;
}) {
  const methods = enabledPaymentMethods(user);
  const options = renewOptionsOf(subscription);
  const form = useForm(initialRenewValues(subscription, methods));
  const renew = useRenewSubscription(subscription.id);
  const [paid, setPaid] = useState<Paid | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { values } = form;
  const wanted = inputsOf(subscription, values.updatingType as UpdatingType);
  const bounds = dayBoundsOf(subscription);
  const set = (key: 'updatingType' | 'paymentMethod', value: string) =>
    form.setValues((current) => ({ ...current, [key]: value }));
  // Asked again once typing pauses; as text, so an unchanged choice is the same key.
  const choice = renewBodyOf(subscription, values);
  const asked = useDebouncedValue(choice.ok ? JSON.stringify(choice.body) : null, 400);
  const quote = useRenewQuote(subscription.id, asked === null ? null : (JSON.parse(asked) as RenewQuoteQuery));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = renewBodyOf(subscription, values);
    if (!check.ok) {
      form.invalid(check.issues, check.extra);
      return;
    }
    form.clear();
    renew.mutate(check.body, {
      onSuccess: (result) => {
        const url = result.linkData?.hosted_url ?? result.invoiceLink;
        if (result.status === 'paid') {
          void notify('success', renewSubscription.message);
          setPaid({ total: result.total, balance: result.balance });
        } else if (url) {
          setLeaving(true);
          checkoutPage.open(url);
        } else {
          form.report('Something goes wrong');
        }
      },
      onError: (error) => {
        const { form: message, fields } = renewFailure(error);
        form.report(message, fields);
      },
    });
  };

  const busy = renew.isPending || leaving;
  const description = [
    ...planFacts(subscription),
    formatCountry(subscription.country),
    subscription.expiresAt ? `ends ${formatDate(subscription.expiresAt)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  if (paid) {
    return (
      <Dialog open onClose={onClose} title={`Renew ${planName(subscription)}`} description={description}>
        <Alert tone="success" title="Payment received">
          Charged {formatBalance(paid.total)}
          {values.paymentMethod === 'balance' ? `; your balance is now ${formatBalance(paid.balance)}` : ''}.
        </Alert>
        <div className="mt-5 flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Renew ${planName(subscription)}`} description={description}>
      <form noValidate onSubmit={submit} aria-label="Renew plan">
        {/* Phones: the fields scroll, the price and the buttons stay in view. */}
        <div className="-mx-1 max-h-[60vh] space-y-4 overflow-y-auto px-1 pb-1">
          {form.formError && <Alert>{form.formError}</Alert>}
          {options.length > 1 && (
            <ChoiceGroup
              legend="What to buy"
              choices={options.map((option) => ({ value: option.value, label: option.label, hint: option.hint }))}
              value={values.updatingType}
              onChange={(value) => set('updatingType', value)}
              error={form.errors.updatingType}
            />
          )}
          {(wanted.bandwidth || wanted.threads || wanted.days) && (
            <div className="grid gap-4 sm:grid-cols-2">
              {wanted.bandwidth && (
                <Input
                  label="Bandwidth to add (GB)"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  {...form.field('bandwidth')}
                />
              )}
              {wanted.threads && (
                <Input
                  label="Threads"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  hint={`Now ${subscription.threads}.`}
                  {...form.field('threads')}
                />
              )}
              {wanted.days && <DaysInput label="Days to add" bounds={bounds} {...form.field('days')} />}
            </div>
          )}
          <Input label="Coupon code (optional)" autoComplete="off" {...form.field('coupon')} />
          {methods.length > 0 ? (
            <ChoiceGroup<PaymentMethod>
              legend="Payment method"
              columns={methods.length === 1 ? 1 : methods.length === 2 ? 2 : 3}
              choices={methods.map((method) => ({
                value: method,
                label: PAYMENT_METHOD_LABELS[method],
                hint: method === 'balance' ? formatBalance(user.balance) : undefined,
              }))}
              value={values.paymentMethod}
              onChange={(value) => set('paymentMethod', value)}
              error={form.errors.paymentMethod}
            />
          ) : (
            <Alert tone="info" title="No payment method is enabled for your account">
              Contact support to enable balance, card or crypto payments.
            </Alert>
          )}
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Short on balance?{' '}
            <Link to={paths.topup} className="font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400">
              Deposit
            </Link>
            .
          </p>
        </div>
        <div className="mt-4">
          <RenewPrice quote={quote} complete={choice.ok} />
        </div>
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || methods.length === 0}>
            {busy && <Spinner label="Paying" className="[&_svg]:text-white" />}
            Pay
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
