import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { stripeLimitMessage } from '@tollgate/contract/checkout/payments';
import { COUPON_WRONG_PLAN } from '@tollgate/contract/plans/coupons';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { checkoutPage } from '#lib/payments.ts';
import { buildPlan } from '../../../test/builders.ts';
import { callsTo, fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { PurchaseForm } from './purchase-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plan = buildPlan();
const quotePath = (value: number) => `GET /api/v1/public/plans/${plan.id}/${value}`;
const quote = (value: number): Reply => ({
  message: 'Plan price',
  encoded: true,
  payload: {
    planId: plan.id,
    units: value,
    unit: 'GB',
    days: 30,
    unitPrice: 3.5,
    subtotal: 3.5 * value,
    discount: 0,
    total: 3.5 * value,
    couponCode: null,
    lines: [
      {
        label: `${value} GB`,
        quantity: value,
        per: 'GB',
        unitPrice: 3.5,
        amount: 3.5 * value,
        source: 'plan-tiers',
        table: 'plan',
        note: null,
      },
    ],
    renewals: [],
  },
});
const purchasePath = `POST /api/v1/public/plans/${plan.id}/purchase`;
const refuse = (status: number, message: string, payload: unknown = { error: message }): Reply => ({
  status,
  message,
  payload,
});

// As the page does: the amount comes from the address.
function Harness({ user }: { user: CurrentUser }) {
  const { value } = useParams();
  return <PurchaseForm plan={plan} user={user} value={Number(value)} />;
}

function renderForm(user: CurrentUser = testUser({ balance: 100 }) as CurrentUser) {
  return renderWithProviders(<Harness user={user} />, {
    route: '/purchase-plan/:planId/:value',
    path: `/purchase-plan/${plan.id}/1`,
  });
}

async function pay({ country = 'US', method }: { country?: string; method?: RegExp } = {}) {
  const user = userEvent.setup();
  await screen.findByText(/× \$3\.50\/GB/);
  if (country) await user.selectOptions(screen.getByLabelText('Country'), country);
  if (method) await user.click(screen.getByRole('radio', { name: method }));
  await user.click(screen.getByRole('button', { name: 'Complete purchase' }));
}

describe('PurchaseForm', () => {
  it('says beside the country what it means for this type of plan', async () => {
    fakeApi({ [quotePath(1)]: quote(1) });
    renderForm();
    expect(await screen.findByLabelText('Country')).toHaveAccessibleDescription(
      'A default only: each connection may pick another country in its username.',
    );
  });

  it('asks for a country before sending anything', async () => {
    const fetch = fakeApi({ [quotePath(1)]: quote(1) });
    renderForm();
    await pay({ country: '' });
    expect(screen.getByText('Please select a country.')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, purchasePath)).toHaveLength(0);
  });

  it('keeps the length within the plan renewal bounds', async () => {
    const fetch = fakeApi({ [quotePath(1)]: quote(1) });
    renderForm();
    await userEvent.clear(screen.getByLabelText('Days'));
    await userEvent.type(screen.getByLabelText('Days'), '400');
    await pay();
    expect(screen.getByText('Choose between 1 and 90 days')).toBeInTheDocument();
    expect(callsTo(fetch, purchasePath)).toHaveLength(0);
  });

  it("shows 'Please select a country.' when the server answers Country not selected", async () => {
    fakeApi({ [quotePath(1)]: quote(1), [purchasePath]: refuse(400, 'Country not selected') });
    renderForm();
    await pay();
    expect(await screen.findByText('Please select a country.')).toBeInTheDocument();
    expect(screen.queryByText('Country not selected')).not.toBeInTheDocument();
  });

  it('offers only the payment methods enabled for the account', async () => {
    fakeApi({ [quotePath(1)]: quote(1) });
    renderForm(testUser({ stripePaymentProcessorEnabled: false, balance: 12.34 }) as CurrentUser);
    expect(await screen.findByRole('radio', { name: /Balance.*\$12\.34/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Crypto/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Card/ })).not.toBeInTheDocument();
  });

  it('shows the Stripe limit and coupon sentences exactly as the server sends them', async () => {
    const limit = stripeLimitMessage('1000.00', '40.00');
    let answer = refuse(400, limit);
    fakeApi({ [quotePath(1)]: quote(1), [purchasePath]: () => answer });
    renderForm();
    await pay({ method: /Card/ });
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);

    answer = refuse(400, COUPON_WRONG_PLAN);
    await userEvent.type(screen.getByLabelText('Coupon code (optional)'), 'MOBILE10');
    await userEvent.click(screen.getByRole('button', { name: 'Complete purchase' }));
    expect(await screen.findByText(COUPON_WRONG_PLAN)).toBeInTheDocument();
  });

  it('shows field messages instead of the words Validation Error, and only logs a dropped connection (rule 89)', async () => {
    let answer: Reply | Error = refuse(400, 'Validation Error', {
      error: 'Validation Error',
      fields: [{ path: 'body.days', message: 'Choose between 1 and 90 days' }],
    });
    fakeApi({ [quotePath(1)]: quote(1), [purchasePath]: () => answer });
    renderForm();
    await pay();
    expect(await screen.findByText('Choose between 1 and 90 days')).toBeInTheDocument();
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();

    answer = new TypeError('Failed to fetch');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Complete purchase' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Network Error', expect.any(TypeError)));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete purchase' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The field messages of the earlier refusal are gone: nothing stale is shown either.
    expect(screen.queryByText('Choose between 1 and 90 days')).not.toBeInTheDocument();
  });

  it('pays from balance and opens the payment result page', async () => {
    const fetch = fakeApi({
      [quotePath(1)]: quote(1),
      [purchasePath]: {
        message: 'Plan purchased',
        payload: { subscriptionId: 'sub-1', invoiceId: 'inv-1', status: 'paid', total: 3.5, balance: 96.5 },
      },
    });
    const { router } = renderForm();
    await userEvent.type(screen.getByLabelText('Coupon code (optional)'), 'SAVE10');
    await pay();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payment-success/sub-1'));
    expect(callsTo(fetch, purchasePath)[0]!.body).toEqual({
      value: 1,
      days: 30,
      country: 'US',
      coupon: 'SAVE10',
      paymentMethod: 'balance',
    });
  });

  it('leaves for the card checkout page the server names', async () => {
    const open = vi.spyOn(checkoutPage, 'open').mockImplementation(() => {});
    fakeApi({
      [quotePath(1)]: quote(1),
      [purchasePath]: {
        message: 'Payment created',
        payload: {
          subscriptionId: 'sub-1',
          invoiceId: 'inv-1',
          status: 'pending',
          total: 3.5,
          balance: 100,
          linkData: { result: { url: 'http://localhost/api/v1/payments/sandbox/pay-1' } },
        },
      },
    });
    renderForm();
    await pay({ method: /Card/ });
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/api/v1/payments/sandbox/pay-1'));
  });

  it('prices a coupon for the chosen payment method before paying, and shows why one is refused', async () => {
    const fetch = fakeApi({
      [quotePath(1)]: ({ url }) => {
        const coupon = url.searchParams.get('coupon');
        if (coupon === 'MOBILE20') return refuse(400, COUPON_WRONG_PLAN);
        if (coupon !== 'SAVE10') return quote(1);
        const base = quote(1).payload as Record<string, unknown>;
        return { ...quote(1), payload: { ...base, discount: 0.35, total: 3.15, couponCode: 'SAVE10' } };
      },
    });
    renderForm();
    await screen.findByText(/× \$3\.50\/GB/);
    await userEvent.type(screen.getByLabelText('Coupon code (optional)'), 'SAVE10');
    await waitFor(() => expect(screen.getByLabelText('Price')).toHaveTextContent('Coupon SAVE10-$0.35Total$3.15'));
    const asked = callsTo(fetch, quotePath(1)).at(-1)!.url.searchParams;
    expect(asked.get('coupon')).toBe('SAVE10');
    expect(asked.get('paymentMethod')).toBe('balance');

    await userEvent.clear(screen.getByLabelText('Coupon code (optional)'));
    await userEvent.type(screen.getByLabelText('Coupon code (optional)'), 'MOBILE20');
    expect(await screen.findByText(COUPON_WRONG_PLAN)).toBeInTheDocument();
    expect(callsTo(fetch, purchasePath)).toHaveLength(0);
  });

  it('puts a new amount in the address and prices it again', async () => {
    const fetch = fakeApi({ [quotePath(1)]: quote(1), [quotePath(60)]: quote(60) });
    const { router } = renderForm();
    await screen.findByText(/× \$3\.50\/GB/);
    const amount = screen.getByLabelText('Bandwidth (GB)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '60');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase-plan/${plan.id}/60`));
    expect(await screen.findByText('60 GB')).toBeInTheDocument();
    expect(screen.getAllByText('$210.00')).toHaveLength(3);
    expect(callsTo(fetch, quotePath(60))[0]!.url.searchParams.get('days')).toBe('30');
  });
});
