import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPlan } from '../../../test/builders.ts';
import { callsTo, fakeApi, type FakeRequest } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { memberDashboard, PLAN_ID, standing, SUB_USER_ID } from '../test-data.ts';
import SubuserManagementPage from './subuser-management-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const DASHBOARD = 'GET /api/v1/public/reseller-dashboard';
const LIST = 'GET /api/v1/reseller/sub-users';
const CREATE = 'POST /api/v1/reseller/sub-users';
const ONE = `GET /api/v1/reseller/sub-users/${SUB_USER_ID}`;
const SELL = `POST /api/v1/reseller/sub-users/${SUB_USER_ID}/plans`;
const SOLD_PLAN_ID = '00000000-0000-4000-8000-0000000000d1';
const DELETE = `DELETE /api/v1/reseller/sub-users/${SUB_USER_ID}/plans/${SOLD_PLAN_ID}`;

const member = { payload: standing('approved', { dashboard: memberDashboard() }) };
const subUser = {
  id: SUB_USER_ID,
  username: 'shop_client1',
  email: 'client1@example.com',
  activePlans: 1,
  createdAt: '2026-11-21T10:00:00.000Z',
};
const detail = {
  ...subUser,
  plans: [
    {
      id: SOLD_PLAN_ID,
      title: 'Residential Rotating',
      type: 'residential',
      status: 'active',
      bandwidthGb: 10,
      threads: 0,
      usedGb: 2.5,
      expiresAt: '2026-12-21T10:00:00.000Z',
    },
  ],
  gbPerDay: [{ day: '2026-11-27', gb: 2.5 }],
};
const residential = buildPlan({ id: PLAN_ID, title: 'Residential Rotating', serverGeoOptions: 'US,DE' });
const mobileOnlyForOthers = buildPlan({ title: 'Mobile 4G', type: 'mobile' });

const render = (path = '/subuser-management') => renderWithProviders(<SubuserManagementPage />, { path });

describe('SubuserManagementPage', () => {
  it('points a customer outside the programme to the reseller dashboard, calling no reseller endpoint', async () => {
    const fetch = fakeApi({ [DASHBOARD]: { payload: standing('none') } });
    render();
    expect(await screen.findByText('Sub-users are part of the reseller programme')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the reseller programme' })).toHaveAttribute(
      'href',
      '/dashboard/reseller-dashboard',
    );
    expect(callsTo(fetch, LIST)).toHaveLength(0);
  });

  it('lists sub-users 30 a page with the search kept in the URL, with the session alone', async () => {
    const fetch = fakeApi({
      [DASHBOARD]: member,
      [LIST]: { payload: { items: [subUser], total: 31, page: 2, size: 30 } },
    });
    render('/subuser-management?page=2&search=client');
    // The table and its narrow-screen cards each link the row.
    expect((await screen.findAllByRole('link', { name: 'Open shop_client1' }))[0]).toHaveAttribute(
      'href',
      `/subuser-management?page=2&search=client&subUser=${SUB_USER_ID}`,
    );
    const call = callsTo(fetch, LIST)[0]!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ page: '2', size: '30', search: 'client' });
    expect(call.headers['x-api-key']).toBeUndefined();
  });

  it('creates a sub-user, shows the server’s field errors, and opens the new one', async () => {
    let attempts = 0;
    const fetch = fakeApi({
      [DASHBOARD]: member,
      [LIST]: { payload: { items: [], total: 0, page: 1, size: 30 } },
      [CREATE]: () =>
        ++attempts === 1
          ? {
              status: 400,
              message: 'Validation Error',
              payload: {
                error: 'Validation Error',
                fields: [{ path: 'body.email', message: 'Email is already registered' }],
              },
            }
          : { message: 'Sub User Created Successfully', payload: subUser },
      [ONE]: { payload: detail },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'New sub-user' }));
    const form = screen.getByRole('form', { name: 'New sub-user' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create sub-user' }));
    expect(await within(form).findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(callsTo(fetch, CREATE)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Username'), 'shop_client1');
    await userEvent.type(within(form).getByLabelText('Email'), 'client1@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create sub-user' }));
    expect(await within(form).findByText('Email is already registered')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Create sub-user' }));
    expect(await screen.findByRole('list', { name: 'Plans of shop_client1' })).toBeInTheDocument();
    expect(callsTo(fetch, CREATE)[1]!.body).toEqual({ username: 'shop_client1', email: 'client1@example.com' });
  }, 20_000);

  it('opens a sub-user with their plans and usage', async () => {
    fakeApi({ [DASHBOARD]: member, [ONE]: { payload: detail } });
    render(`/subuser-management?subUser=${SUB_USER_ID}`);
    const plans = await screen.findByRole('list', { name: 'Plans of shop_client1' });
    expect(within(plans).getByText(/2.5 of 10 GB used/)).toBeInTheDocument();
    expect(within(plans).getByText(/expires Dec 21, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Usage per day')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All sub-users/ })).toHaveAttribute('href', '/subuser-management');
  });

  it('sells a plan with one Idempotency-Key per order, the same key again when the order is retried', async () => {
    const sells: FakeRequest[] = [];
    let fail = true;
    fakeApi({
      [DASHBOARD]: member,
      [ONE]: { payload: detail },
      'GET /api/v1/public/plans': { encoded: true, payload: { plans: [residential, mobileOnlyForOthers], types: [] } },
      [SELL]: (request) => {
        sells.push(request);
        if (fail) {
          fail = false;
          return new TypeError('Failed to fetch');
        }
        return {
          message: 'Plan purchased',
          payload: {
            subUserId: SUB_USER_ID,
            subscriptionId: 's1',
            invoiceId: 'i1',
            total: 0,
            balance: 120.5,
            poolGbUsed: 5,
            poolGbLeft: 35,
          },
        };
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(`/subuser-management?subUser=${SUB_USER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Sell a plan' }));
    const form = screen.getByRole('form', { name: 'Sell a plan' });
    await vi.waitFor(() =>
      expect(within(form).getByRole('option', { name: /Residential Rotating/ })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(within(form).getByLabelText('Plan'), PLAN_ID);
    await userEvent.selectOptions(within(form).getByLabelText('Country'), 'US');
    await userEvent.type(within(form).getByLabelText('Bandwidth (GB)'), '5');
    // 5 GB against a 40 GB prepaid pool: nothing to pay.
    expect(within(form).getByTestId('sell-estimate')).toHaveTextContent('$0.00');
    expect(within(form).getByTestId('sell-estimate')).toHaveTextContent('5 GB from your prepaid pool');

    await userEvent.click(within(form).getByRole('button', { name: 'Sell plan' }));
    // A lost connection is only logged (rule 89); the form stays, ready to send again.
    await vi.waitFor(() => expect(sells).toHaveLength(1));
    await vi.waitFor(() => expect(within(form).getByRole('button', { name: 'Sell plan' })).toBeEnabled());
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Sell plan' }));
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Sell a plan' })).not.toBeInTheDocument());

    expect(sells).toHaveLength(2);
    const [first, retry] = sells;
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(first!.headers['x-api-key']).toBeUndefined();
    expect(first!.body).toEqual({ planId: PLAN_ID, region: 'US', bandwidth: 5, days: 30 });

    // A new order, even the same one, is a new action with a new key.
    await userEvent.click(screen.getByRole('button', { name: 'Sell a plan' }));
    const again = screen.getByRole('form', { name: 'Sell a plan' });
    await userEvent.selectOptions(within(again).getByLabelText('Plan'), PLAN_ID);
    await userEvent.selectOptions(within(again).getByLabelText('Country'), 'US');
    await userEvent.type(within(again).getByLabelText('Bandwidth (GB)'), '5');
    await userEvent.click(within(again).getByRole('button', { name: 'Sell plan' }));
    await vi.waitFor(() => expect(sells).toHaveLength(3));
    expect(sells[2]!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  }, 20_000);

  it('says what comes back before deleting a plan, then deletes it once confirmed', async () => {
    const fetch = fakeApi({
      [DASHBOARD]: member,
      [ONE]: { payload: detail },
      [DELETE]: {
        message: 'Plan deleted',
        payload: { plan: SOLD_PLAN_ID, returnedGb: 7, returnedBalance: 0, balance: 120.5, poolGbLeft: 47 },
      },
    });
    render(`/subuser-management?subUser=${SUB_USER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Residential Rotating' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Its unused GB go back to your prepaid pool.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete plan' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, DELETE)).toHaveLength(1);
  });
});
