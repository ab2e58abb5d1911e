import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { buildPlan, buildSubscription } from '../../../test/builders.ts';
import { callsTo, fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { AddToExisting } from './add-to-existing.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plan = buildPlan();
const mine = buildSubscription({ planId: plan.id, bandwidthLeft: 3 });
const other = buildSubscription({ planId: '20000000-0000-4000-8000-00000000ffff' });
const dashboard = (subscriptions = [mine, other]): Reply => ({
  message: 'Dashboard',
  encoded: true,
  payload: {
    balance: 50,
    stats: { activePlans: 2, expiringSoon: 0, totalSpent: 0, spentLast30Days: 0, bandwidthUsed: 0 },
    subscriptions,
    announcements: [],
  },
});
const quotePath = `GET /api/v1/public/subscriptions/${mine.id}/renew-quote`;
const renewPath = `PATCH /api/v1/public/subscriptions/${mine.id}/renew`;
const quote = ({ url }: { url: URL }): Reply => {
  const gb = Number(url.searchParams.get('bandwidth'));
  return {
    message: 'Renewal price',
    payload: {
      subscriptionId: mine.id,
      description: `Bandwidth top-up: ${gb} GB`,
      subtotal: gb * 4.2,
      discount: 0,
      total: gb * 4.2,
      couponCode: null,
      lines: [
        {
          label: `${gb} GB added`,
          quantity: gb,
          per: 'GB',
          unitPrice: 4.2,
          amount: gb * 4.2,
          source: 'renewal-tiers',
          table: 'RenewResiBandwidthPrices',
          note: 'Added GB use the shop’s renewal price; a new plan’s GB cost $4.50/GB at this amount',
        },
      ],
    },
  };
};

const render = () =>
  renderWithProviders(<AddToExisting plan={plan} user={testUser({ balance: 50 }) as CurrentUser} />, {
    route: '/purchase-plan/:planId/:value',
    path: `/purchase-plan/${plan.id}/1`,
  });

describe('AddToExisting', () => {
  it('offers nothing to a customer without a plan of this product', async () => {
    const fetch = fakeApi({ 'GET /api/v1/public/dashboard': dashboard([other]) });
    const { container } = render();
    await waitFor(() => expect(callsTo(fetch, 'GET /api/v1/public/dashboard')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('adds GB to the chosen existing plan at the renewal price the server names, and pays like a renewal', async () => {
    const fetch = fakeApi({
      'GET /api/v1/public/dashboard': dashboard(),
      [quotePath]: quote,
      [renewPath]: {
        message: 'Subscription updated',
        payload: { subscriptionId: mine.id, invoiceId: 'i1', status: 'paid', total: 21, balance: 29 },
      },
    });
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add GB to an existing plan' }));
    const form = screen.getByRole('form', { name: 'Add GB to an existing plan' });
    // Only this product's plans, told apart by id, country, date and GB left.
    const options = within(within(form).getByLabelText('Plan')).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent(`${mine.id.slice(0, 8)}`);
    expect(options[0]).toHaveTextContent('3 GB left');
    await waitFor(() =>
      expect(within(form).getByRole('list', { name: 'Charges' })).toHaveTextContent('5 GB added$21.00'),
    );
    expect(within(form).getByRole('list', { name: 'Charges' })).toHaveTextContent('5 GB × $4.20/GBRenewal price');
    await userEvent.click(within(form).getByRole('button', { name: 'Add GB to this plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment-success/${mine.id}`));
    expect(callsTo(fetch, renewPath)[0]!.body).toEqual({
      updatingType: 'bandwidth',
      bandwidth: 5,
      paymentMethod: 'balance',
    });
  });
});
