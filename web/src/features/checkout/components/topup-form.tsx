import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { TOPUP_MAX, TOPUP_MIN, topupBodySchema } from '@tollgate/contract/checkout/topup';
import { PaymentMethodPicker } from '#components/payment-method-picker.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { cn } from '#lib/cn.ts';
import { formatBalance } from '#lib/format.ts';
import { checkoutPage, enabledPaymentMethods, redirectUrlOf } from '#lib/payments.ts';
import { useForm } from '#lib/use-form.ts';
import { useTopup } from '../api/checkout.ts';
import { topupFailure } from '../utils/topup-errors.ts';

const QUICK_AMOUNTS = [10, 25, 50, 100, 250];
const DESCRIPTIONS: Partial<Record<PaymentMethod, string>> = {
  stripe: 'Visa, Mastercard, Apple Pay and more',
  crypto: 'BTC, ETH, USDT and other coins',
};

const amountOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(/^\$/, '')));

/** Deposit balance by card or crypto; the provider's checkout page takes it from there. */
export function TopupForm({ user }: { user: CurrentUser }) {
  const methods = enabledPaymentMethods(user).filter((method) => method !== 'balance');
  const form = useForm({ balance: '', paymentMethod: methods[0] ?? '' });
  const topup = useTopup();
  const [leaving, setLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(topupBodySchema, {
      balance: amountOf(form.values.balance),
      paymentMethod: form.values.paymentMethod || undefined,
    });
    if (!parsed) return;
    topup.mutate(parsed, {
      onSuccess: (result) => {
        const url = redirectUrlOf(result);
        if (!url) {
          form.report('Something goes wrong');
          return;
        }
        setLeaving(true);
        checkoutPage.open(url);
      },
      onError: (error) => {
        const { form: message, fields } = topupFailure(error);
        form.report(message, fields);
      },
    });
  };

  if (methods.length === 0) {
    return (
      <Alert tone="info" title="Deposits are not enabled for your account">
        Card and crypto payments are switched off for this account. Contact support to enable them.
      </Alert>
    );
  }

  const amount = amountOf(form.values.balance);
  const setAmount = (value: number) => form.setValues((current) => ({ ...current, balance: String(value) }));
  return (
    <form noValidate onSubmit={submit} aria-label="Deposit balance" className="space-y-6">
      {form.formError && <Alert>{form.formError}</Alert>}
      <div className="space-y-3">
        <Input
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="50.00"
          leading={<span className="text-sm font-medium">$</span>}
          hint={`From ${formatBalance(TOPUP_MIN)} to ${formatBalance(TOPUP_MAX)}, up to two decimals.`}
          {...form.field('balance')}
        />
        <div role="group" aria-label="Quick amounts" className="flex flex-wrap gap-2">
          {QUICK_AMOUNTS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={amount === value}
              onClick={() => setAmount(value)}
              className={cn(
                'h-9 rounded-lg border px-4 text-sm font-medium tabular-nums transition-colors',
                amount === value
                  ? 'border-brand-500 bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
                  : 'border-slate-200 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              ${value}
            </button>
          ))}
        </div>
      </div>
      <PaymentMethodPicker
        options={methods.map((method) => ({
          method,
          description:
            method === 'stripe'
              ? `${DESCRIPTIONS.stripe} · daily limit ${formatBalance(user.stripeLimit)}`
              : DESCRIPTIONS[method],
        }))}
        value={form.values.paymentMethod as PaymentMethod | ''}
        error={form.errors.paymentMethod}
        onChange={(method) => form.setValues((current) => ({ ...current, paymentMethod: method }))}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={topup.isPending || leaving}>
        {(topup.isPending || leaving) && <Spinner label="Opening the checkout" className="[&_svg]:text-white" />}
        Continue to payment
      </Button>
    </form>
  );
}
