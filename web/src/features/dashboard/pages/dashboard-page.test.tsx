import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { stripeLimitMessage } from '@tollgate/contract/checkout/payments';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { checkoutPage } from '#lib/payments.ts';
import { buildSubscription } from '../../../test/builders.ts';
import { callsTo, fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dashboardReply = (subscriptions: Subscription[], balance = 25): Reply => ({
  message: 'Dashboard',
  encoded: true,
  payload: {
    balance,
    stats: {
      activePlans: 1,
      expiringSoon: 0,
      totalSpent: 40,
      spentLast30Days: 12.5,
      bandwidthUsed: 2.5,
      bandwidthUsedBytes: 2.5 * 1024 ** 3,
    },
    subscriptions,
    announcements: [
      {
        id: 'a1',
        title: 'New locations',
        message: 'Brazil and Japan are live.',
        level: 'info',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  },
});

function renderDashboard(
  subscriptions: Subscription[],
  { user = testUser({ balance: 25 }), routes = {} }: { user?: object; routes?: Parameters<typeof fakeApi>[0] } = {},
) {
  const fetch = fakeApi({
    'GET /api/v1/auth/me': { message: 'Current user', payload: user },
    'GET /api/v1/public/dashboard': dashboardReply(subscriptions),
    'GET /api/v1/public/suggestions/allowed': {
      message: 'Suggestions allowed',
      payload: { allowed: true, nextAllowedAt: null },
    },
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <DashboardPage />
      <ToastContainer />
    </>,
    { route: '/dashboard', path: '/dashboard' },
  );
  return { fetch, ...view };
}

const planCard = (subscription: Subscription) => screen.findByTestId(`plan-${subscription.id}`);
const refuse = (status: number, message: string, payload: unknown = { error: message }): Reply => ({
  status,
  message,
  payload,
});

describe('DashboardPage', () => {
  it('shows the summary, the plans with what is left, and the news', async () => {
    const active = buildSubscription();
    const isp = buildSubscription({ planTitle: 'Static ISP', type: 'isp', bandwidth: 0, threads: 5, country: 'DE' });
    renderDashboard([active, isp]);
    const card = await planCard(active);
    expect(within(card).getByText('7.5 GB left')).toBeInTheDocument();
    expect(within(card).getByText('2.5 GB of 10 GB used')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Bandwidth used' })).toHaveAttribute('aria-valuenow', '2.5');
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('30 days left')).toBeInTheDocument();
    expect(within(await planCard(isp)).getByText('Threads').nextSibling).toHaveTextContent('5');
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/topup');
    expect(screen.getByText('New locations')).toBeInTheDocument();
  });

  it('invites a customer without plans to buy one', async () => {
    renderDashboard([]);
    expect(await screen.findByText('No plans yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a plan' })).toHaveAttribute('href', '/plans');
  });

  it('hides depleted plans on request and remembers it in hideDepletedPlans', async () => {
    const active = buildSubscription({ planTitle: 'Still running' });
    const depleted = buildSubscription({ planTitle: 'Used up', depleted: true, bandwidthUsed: 10, bandwidthLeft: 0 });
    const first = renderDashboard([active, depleted]);
    expect(within(await planCard(depleted)).getByText('Depleted')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Hide depleted plans' }));
    expect(screen.queryByText('Used up')).not.toBeInTheDocument();
    expect(screen.getByText('Still running')).toBeInTheDocument();
    expect(localStorage.getItem('hideDepletedPlans')).toBe('true');

    // A later visit starts with them hidden.
    first.unmount();
    renderDashboard([active, depleted]);
    expect(await screen.findByText('Still running')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Hide depleted plans' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByText('Used up')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Hide depleted plans' }));
    expect(screen.getByText('Used up')).toBeInTheDocument();
    expect(localStorage.getItem('hideDepletedPlans')).toBeNull();
  });

  it('opens an active plan in its generator', async () => {
    const active = buildSubscription();
    const { router } = renderDashboard([active], {
      routes: {
        [`GET /api/v1/public/activate-subscription/${active.id}`]: {
          message: 'Subscription status',
          payload: { subscriptionId: active.id, active: true },
        },
      },
    });
    await userEvent.click(within(await planCard(active)).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/generator/${active.id}`));
  });

  it("keeps an expired plan on the dashboard, says 'Plan expired' and reloads the plans", async () => {
    const expired = buildSubscription({
      status: 'expired',
      expiresAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const { fetch, router } = renderDashboard([expired], {
      routes: {
        [`GET /api/v1/public/activate-subscription/${expired.id}`]: {
          message: 'Subscription status',
          payload: { subscriptionId: expired.id, active: false },
        },
      },
    });
    const card = await planCard(expired);
    expect(within(card).getByText('Expired', { selector: 'span' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Plan expired')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(callsTo(fetch, 'GET /api/v1/public/dashboard')).toHaveLength(2));
  });

  it('removes a finished plan after confirming', async () => {
    const expired = buildSubscription({
      status: 'expired',
      expiresAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const active = buildSubscription();
    const { fetch } = renderDashboard([expired, active], {
      routes: { [`DELETE /api/v1/public/residential/${expired.id}`]: { message: 'Subscription deleted' } },
    });
    expect(within(await planCard(active)).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await userEvent.click(within(await planCard(expired)).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Residential Rotating?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove plan' }));
    expect(await screen.findByText('Subscription deleted')).toBeInTheDocument();
    expect(callsTo(fetch, `DELETE /api/v1/public/residential/${expired.id}`)).toHaveLength(1);
  });

  it('turns auto-renew on and saves the days per renewal', async () => {
    const active = buildSubscription();
    let autoRenew = false;
    const { fetch } = renderDashboard([active], {
      routes: {
        'GET /api/v1/public/dashboard': () => dashboardReply([{ ...active, autoRenew }]),
        'POST /api/v1/public/autorenew/status': (request) => {
          autoRenew = (request.body as { status: boolean }).status;
          return {
            message: 'Auto Renew status updated successfully',
            payload: { subscriptionId: active.id, status: autoRenew, renewvalue: null },
          };
        },
        'POST /api/v1/public/autorenew/set': {
          message: 'Your Renew value has been successfully updated',
          payload: { subscriptionId: active.id, status: true, renewvalue: 30 },
        },
      },
    });
    const card = await planCard(active);
    await userEvent.click(within(card).getByRole('switch', { name: 'Auto-renew' }));
    expect(await screen.findByText('Auto Renew status updated successfully')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST /api/v1/public/autorenew/status')[0]!.body).toEqual({
      subscriptionId: active.id,
      status: true,
    });
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Auto-renew' })).toBeChecked());

    const days = within(card).getByLabelText('Days per renewal');
    await userEvent.type(days, '120');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByText('Choose between 1 and 90 days')).toBeInTheDocument();
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your Renew value has been successfully updated')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST /api/v1/public/autorenew/set')[0]!.body).toEqual({
      subscriptionId: active.id,
      renewvalue: 30,
    });
  });

  it('closes the suggestion box for the day when the server says so', async () => {
    const { fetch } = renderDashboard([], {
      routes: {
        'GET /api/v1/public/suggestions/allowed': {
          message: 'Suggestions allowed',
          payload: { allowed: false, nextAllowedAt: '2026-11-22T00:00:00.000Z' },
        },
      },
    });
    expect(await screen.findByText('Thank you for today’s suggestion')).toBeInTheDocument();
    expect(screen.getByLabelText('Your suggestion')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(callsTo(fetch, 'POST /api/v1/public/suggestions')).toHaveLength(0);
  });

  it('sends a suggestion', async () => {
    const { fetch } = renderDashboard([], {
      routes: {
        'POST /api/v1/public/suggestions': { message: 'Thank you for your suggestion', payload: { id: 's1' } },
      },
    });
    const box = await screen.findByLabelText('Your suggestion');
    await userEvent.type(box, 'Short');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Write at least 10 characters')).toBeInTheDocument();
    await userEvent.type(box, ' but now long enough');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your suggestion')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST /api/v1/public/suggestions')[0]!.body).toEqual({
      suggestion: 'Short but now long enough',
    });
  });
});

describe('renewing a plan', () => {
  const plan = buildSubscription();
  const renewPath = `PATCH /api/v1/public/subscriptions/${plan.id}/renew`;
  const quotePath = `GET /api/v1/public/subscriptions/${plan.id}/renew-quote`;
  /** Prices GB at $2 with a 10 % coupon WELCOME10, as the server would; other codes are refused. */
  const quoting = ({ url }: { url: URL }) => {
    const gb = Number(url.searchParams.get('bandwidth') ?? 0);
    const coupon = url.searchParams.get('coupon');
    if (coupon && coupon !== 'WELCOME10') return { status: 400, message: 'This coupon code is not valid' };
    const subtotal = gb * 2;
    const discount = coupon ? subtotal / 10 : 0;
    return {
      message: 'Renewal price',
      payload: {
        subscriptionId: plan.id,
        description: `Bandwidth top-up: ${gb} GB`,
        subtotal,
        discount,
        total: subtotal - discount,
        couponCode: coupon,
        lines: [
          {
            label: `${gb} GB added`,
            quantity: gb,
            per: 'GB',
            unitPrice: 2,
            amount: subtotal,
            source: 'renewal-tiers',
            table: 'RenewResiBandwidthPrices',
            note: 'Added GB use the shop’s renewal price',
          },
        ],
      },
    };
  };

  async function openRenew(options: Parameters<typeof renderDashboard>[1] = {}) {
    const view = renderDashboard([plan], { ...options, routes: { [quotePath]: quoting, ...options.routes } });
    await userEvent.click(within(await planCard(plan)).getByRole('button', { name: 'Renew' }));
    return { ...view, dialog: screen.getByRole('dialog', { name: 'Renew Residential Rotating' }) };
  }

  it('offers only the payment methods enabled for the account', async () => {
    const { dialog } = await openRenew({
      user: testUser({ balance: 25, balancePaymentProcessorEnabled: false, cryptoPaymentProcessorEnabled: false }),
    });
    expect(within(dialog).getByRole('radio', { name: /Card/ })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: /Balance/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /Crypto/ })).not.toBeInTheDocument();
  });

  it("adds GB from balance, shows the server's total and says 'Subscription updated'", async () => {
    const { fetch, dialog } = await openRenew({
      routes: {
        [renewPath]: {
          message: 'Subscription updated',
          payload: { subscriptionId: plan.id, invoiceId: 'i1', status: 'paid', total: 3.78, balance: 21.22 },
        },
      },
    });
    expect(within(dialog).getByRole('radio', { name: /Balance.*\$25\.00/ })).toBeChecked();
    await userEvent.clear(within(dialog).getByLabelText('Bandwidth to add (GB)'));
    await userEvent.type(within(dialog).getByLabelText('Bandwidth to add (GB)'), '2');
    await userEvent.type(within(dialog).getByLabelText('Coupon code (optional)'), 'WELCOME10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    expect(within(dialog).getByText(/Charged \$3\.78; your balance is now \$21\.22/)).toBeInTheDocument();
    expect(callsTo(fetch, renewPath)[0]!.body).toEqual({
      updatingType: 'bandwidth',
      bandwidth: 2,
      coupon: 'WELCOME10',
      paymentMethod: 'balance',
    });
    // The plans and the balance are read again.
    await waitFor(() => expect(callsTo(fetch, 'GET /api/v1/public/dashboard')).toHaveLength(2));
    expect(callsTo(fetch, 'GET /api/v1/auth/me').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s price as the choice changes, and a refused coupon’s reason, before anything is paid', async () => {
    const { fetch, dialog } = await openRenew();
    const gb = within(dialog).getByLabelText('Bandwidth to add (GB)');
    await userEvent.clear(gb);
    await userEvent.type(gb, '3');
    await waitFor(() => expect(within(dialog).getByLabelText('Charges')).toHaveTextContent('3 GB added$6.00'));
    // Each charge says how it was counted and which price table it comes from.
    expect(within(dialog).getByLabelText('Charges')).toHaveTextContent(
      '3 GB × $2.00/GBRenewal priceAdded GB use the shop’s renewal price',
    );
    expect(within(dialog).getByLabelText('Price')).toHaveTextContent('Total$6.00');
    await userEvent.type(within(dialog).getByLabelText('Coupon code (optional)'), 'WELCOME10');
    await waitFor(() => expect(within(dialog).getByLabelText('Price')).toHaveTextContent('Coupon WELCOME10-$0.60'));
    expect(within(dialog).getByLabelText('Price')).toHaveTextContent('Total$5.40');
    await userEvent.clear(within(dialog).getByLabelText('Coupon code (optional)'));
    await userEvent.type(within(dialog).getByLabelText('Coupon code (optional)'), 'NOPE');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This coupon code is not valid');
    const asked = callsTo(fetch, quotePath).at(-1)!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      updatingType: 'bandwidth',
      bandwidth: '3',
      coupon: 'NOPE',
      paymentMethod: 'balance',
    });
    expect(callsTo(fetch, renewPath)).toHaveLength(0);
  });

  it('extends by days within the plan bounds', async () => {
    const { fetch, dialog } = await openRenew({ routes: { [renewPath]: refuse(400, 'unused') } });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Extend/ }));
    expect(within(dialog).queryByLabelText('Bandwidth to add (GB)')).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Days to add'));
    await userEvent.type(within(dialog).getByLabelText('Days to add'), '91');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(within(dialog).getByText('Choose between 1 and 90 days')).toBeInTheDocument();
    expect(callsTo(fetch, renewPath)).toHaveLength(0);
  });

  it('shows a 400 message as the server sends it', async () => {
    const limit = stripeLimitMessage('1000.00', '40.00');
    let answer = refuse(400, 'Your balance is too low for this payment');
    const { dialog } = await openRenew({ routes: { [renewPath]: () => answer } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your balance is too low for this payment');

    answer = refuse(400, limit);
    await userEvent.click(within(dialog).getByRole('radio', { name: /Card/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(limit));
  });

  it("only logs a lost connection, says 'Something goes wrong' for a crash, and never 'Validation Error'", async () => {
    let answer: Reply | Error = new TypeError('Failed to fetch');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await openRenew({ routes: { [renewPath]: () => answer } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Network Error', expect.any(TypeError)));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    answer = refuse(500, 'Internal Server Error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Something goes wrong'));

    answer = refuse(400, 'Validation Error', {
      error: 'Validation Error',
      fields: [{ path: 'body.bandwidth', message: 'Choose at least 1 GB' }],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('Choose at least 1 GB')).toBeInTheDocument();
    expect(within(dialog).queryByText('Validation Error')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves for the card checkout the server names', async () => {
    const open = vi.spyOn(checkoutPage, 'open').mockImplementation(() => {});
    const { dialog } = await openRenew({
      routes: {
        [renewPath]: {
          message: 'Payment created',
          payload: {
            subscriptionId: plan.id,
            invoiceId: 'i1',
            status: 'pending',
            total: 4.2,
            balance: 25,
            linkData: { hosted_url: 'http://localhost/api/v1/payments/sandbox/pay-1' },
          },
        },
      },
    });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Card/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/api/v1/payments/sandbox/pay-1'));
  });
});
