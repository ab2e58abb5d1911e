import { useEffect, useState, type FormEvent } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { paymentMethodSchema, PLEASE_SELECT_COUNTRY, type PaymentMethod } from '@tollgate/contract/checkout/payments';
import { purchaseBodySchema } from '@tollgate/contract/checkout/purchase';
import type { Plan } from '@tollgate/contract/plans/plans';
import { PaymentMethodPicker } from '#components/payment-method-picker.tsx';
import { ResendVerification } from '#components/resend-verification.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { DaysInput } from '#components/days-input.tsx';
import { Input } from '#components/ui/input.tsx';
import { formatBalance, formatPlanDuration } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { checkoutPage, enabledPaymentMethods, redirectUrlOf } from '#lib/payments.ts';
import { dayBounds, saleOf } from '#lib/price-tiers.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { useForm } from '#lib/use-form.ts';
import { usePlanQuote } from '../api/get-plans.ts';
import { usePurchasePlan } from '../api/purchase.ts';
import { purchaseFailure } from '../utils/purchase-errors.ts';
import { AmountField } from './amount-field.tsx';
import { CountrySelect } from './country-select.tsx';
import { LaterPrices } from './later-prices.tsx';
import { OrderSummary } from './order-summary.tsx';

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);

/** /purchase-plan/{planId}/{value}: amount, length, country, coupon and payment, priced by the server. */
export function PurchaseForm({ plan, user, value }: { plan: Plan; user: CurrentUser; value: number }) {
  const navigate = useNavigate();
  const sale = saleOf(plan);
  const bounds = dayBounds(plan);
  const methods = enabledPaymentMethods(user);
  const form = useForm({
    value: String(value),
    days: String(plan.duration),
    country: '',
    coupon: '',
    paymentMethod: methods[0] ?? '',
  });
  const purchase = usePurchasePlan(plan.id);

  // The amount lives in the URL (spec route), so a chosen amount can be reloaded or shared.
  const amount = useDebouncedValue(wholeNumber(form.values.value), 400);
  useEffect(() => {
    if (sale.unit === 'package' || !(amount >= 1) || amount === value) return;
    void navigate(generatePath(paths.purchasePlanFor, { planId: plan.id, value: String(amount) }), { replace: true });
  }, [amount, value, plan.id, sale.unit, navigate]);
  const days = useDebouncedValue(wholeNumber(form.values.days), 400);
  const quoteDays = days >= bounds.min && days <= bounds.max ? days : undefined;
  const coupon = useDebouncedValue(form.values.coupon.trim(), 400);
  const quote = usePlanQuote(plan.id, sale.unit === 'package' ? 1 : value, {
    days: quoteDays,
    coupon: coupon || undefined,
    paymentMethod: paymentMethodSchema.safeParse(form.values.paymentMethod).data,
  });
  const [leaving, setLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const chosenDays = wholeNumber(values.days);
    const extra = {
      ...(values.country ? {} : { country: PLEASE_SELECT_COUNTRY }),
      ...(chosenDays >= bounds.min && chosenDays <= bounds.max
        ? {}
        : { days: `Choose between ${bounds.min} and ${bounds.max} days` }),
    };
    const parsed = form.parse(
      purchaseBodySchema,
      {
        value: sale.unit === 'package' ? 1 : wholeNumber(values.value),
        days: wholeNumber(values.days),
        country: values.country || undefined,
        coupon: values.coupon.trim() || undefined,
        paymentMethod: values.paymentMethod || undefined,
      },
      extra,
    );
    if (!parsed) return;
    purchase.mutate(parsed, {
      onSuccess: (result) => {
        const url = redirectUrlOf(result);
        if (result.status !== 'paid' && url) {
          setLeaving(true);
          checkoutPage.open(url);
          return;
        }
        void navigate(generatePath(paths.paymentSuccess, { subscriptionId: result.subscriptionId }));
      },
      onError: (error) => {
        const { form: message, fields } = purchaseFailure(error);
        form.report(message, fields);
      },
    });
  };

  const total = quote.data?.total;
  const balanceShort = form.values.paymentMethod === 'balance' && total !== undefined && user.balance < total;
  const options = methods.map((method) => ({
    method,
    description:
      method === 'balance'
        ? `Available: ${formatBalance(user.balance)}`
        : method === 'stripe'
          ? `Visa, Mastercard and more · daily limit ${formatBalance(user.stripeLimit)}`
          : 'BTC, ETH, USDT and other coins',
  }));

  return (
    <form noValidate onSubmit={submit} aria-label="Order" className="grid items-start gap-6 xl:grid-cols-3">
      <div className="space-y-6 xl:col-span-2">
        {!user.emailVerified && (
          <Alert tone="warning" title="Verify your email to buy plans">
            We sent a link to {user.email}. Open it, then come back to complete your order.
            <ResendVerification email={user.email} className="mt-3" />
          </Alert>
        )}
        {form.formError && <Alert>{form.formError}</Alert>}
        <Card>
          <CardHeader title="Configure your plan" description={plan.description || undefined} />
          <CardBody className="grid gap-5 sm:grid-cols-2">
            {sale.unit === 'package' ? (
              <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
                A fixed package: {formatBalance(plan.price)} for {formatPlanDuration(plan.duration)}.
              </p>
            ) : (
              <div className="sm:col-span-2">
                <AmountField sale={sale} {...form.field('value')} />
              </div>
            )}
            <DaysInput label="Days" bounds={bounds} readOnly={bounds.min === bounds.max} {...form.field('days')} />
            <CountrySelect geoOptions={plan.serverGeoOptions} planType={plan.type} {...form.field('country')} />
            <Input
              label="Coupon code (optional)"
              autoComplete="off"
              hint="Priced in the order summary; one use is taken when you pay."
              className="sm:col-span-2"
              {...form.field('coupon')}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Payment" />
          <CardBody className="space-y-4">
            {options.length > 0 ? (
              <PaymentMethodPicker
                options={options}
                value={form.values.paymentMethod as PaymentMethod | ''}
                error={form.errors.paymentMethod}
                onChange={(method) => form.setValues((current) => ({ ...current, paymentMethod: method }))}
              />
            ) : (
              <Alert tone="info" title="No payment method is enabled for your account">
                Contact support to enable balance, card or crypto payments.
              </Alert>
            )}
            {balanceShort && (
              <Alert tone="warning">
                Your balance ({formatBalance(user.balance)}) does not cover this order.{' '}
                <Link to={paths.topup} className="font-medium underline underline-offset-2">
                  Deposit balance
                </Link>{' '}
                or choose another method.
              </Alert>
            )}
          </CardBody>
        </Card>
      </div>
      <OrderSummary
        plan={plan}
        quote={quote}
        submitting={purchase.isPending || leaving}
        disabled={!user.emailVerified || options.length === 0}
      />
      {/* After the summary, so a phone reaches the total and "Complete purchase" first; on wide
          screens it still sits under the order form. */}
      <LaterPrices quote={quote.data} className="xl:col-span-2" />
    </form>
  );
}
