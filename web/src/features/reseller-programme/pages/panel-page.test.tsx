import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResellerOrder, ResellerOverview } from '@tollgate/contract/reseller/reseller-panel';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { memberDashboard, PLAN_ID, SUB_USER_ID } from '../test-data.ts';
import PanelPage from './panel-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// The reseller panel (ADR 044): the shared reseller components on the panel's own calls, with the
// session alone; usage in GB and bytes; the key shown once, replaced or revoked.
const OVERVIEW = 'GET /api/v1/reseller-panel/overview';
const LIST = 'GET /api/v1/reseller-panel/sub-users';
const ONE = `GET /api/v1/reseller-panel/sub-users/${SUB_USER_ID}`;
const SELL = `POST /api/v1/reseller-panel/sub-users/${SUB_USER_ID}/plans`;
const PLANS = 'GET /api/v1/reseller-panel/plans';
const ORDERS = 'GET /api/v1/reseller-panel/orders';
const KEY = '/api/v1/reseller-panel/apikey';
const GB = 1024 ** 3;

const overview = (extra: Partial<ResellerOverview> = {}): { payload: ResellerOverview } => ({
  payload: {
    ...memberDashboard({ gbvalue: 0, balance: 100 }),
    username: 'reseller',
    ipv6white: 10,
    datawhite: 10,
    ...extra,
  },
});
const subUser = {
  id: SUB_USER_ID,
  username: 'reseller_client',
  email: 'client@tollgate.local',
  activePlans: 1,
  usedBytes: 1.5 * GB,
  usedGb: 1.5,
  createdAt: '2026-11-21T10:00:00.000Z',
};
const detail = {
  ...subUser,
  plans: [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      title: 'Residential Rotating',
      type: 'residential',
      status: 'active',
      bandwidthGb: 5,
      threads: 0,
      usedGb: 1.5,
      usedBytes: 1.5 * GB,
      expiresAt: '2026-12-21T10:00:00.000Z',
    },
  ],
  gbPerDay: [{ day: '2026-11-27', gb: 1.5 }],
};
const sellable = {
  plans: [{ id: PLAN_ID, title: 'Residential Rotating', type: 'residential', duration: 30, serverGeoOptions: 'US,DE' }],
};

const render = (path: string) => renderWithProviders(<PanelPage />, { path });

describe('the reseller panel', () => {
  it('lists sub-users with their traffic in GB and bytes, from the panel’s own call', async () => {
    const fetch = fakeApi({ [LIST]: { payload: { items: [subUser], total: 1, page: 1, size: 30 } } });
    render('/reseller/panel/sub-users');
    expect((await screen.findAllByRole('link', { name: 'Open reseller_client' }))[0]).toHaveAttribute(
      'href',
      `/reseller/panel/sub-users/${SUB_USER_ID}`,
    );
    expect(screen.getAllByText('1.5 GB').length).toBeGreaterThan(0);
    expect(screen.getAllByText('1,610,612,736 bytes').length).toBeGreaterThan(0);
    expect(callsTo(fetch, LIST)[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('opens a sub-user with usage and plans, and sells a plan from the balance without deleting anything', async () => {
    const fetch = fakeApi({
      [OVERVIEW]: overview(),
      [ONE]: { payload: detail },
      [PLANS]: { payload: sellable },
      [SELL]: {
        message: 'Plan purchased',
        payload: {
          subUserId: SUB_USER_ID,
          subscriptionId: 's1',
          invoiceId: 'i1',
          total: 12.5,
          balance: 87.5,
          poolGbUsed: 0,
          poolGbLeft: 0,
        },
      },
    });
    render(`/reseller/panel/sub-users/${SUB_USER_ID}`);
    const figures = await screen.findByLabelText('Usage of reseller_client');
    expect(figures).toHaveTextContent('1.5 GB');
    expect(figures).toHaveTextContent('1,610,612,736 bytes');
    const plans = screen.getByRole('list', { name: 'Plans of reseller_client' });
    expect(within(plans).getByText(/1.5 of 5 GB used/)).toBeInTheDocument();
    expect(within(plans).getByTestId('plan-usage-bytes')).toHaveTextContent('1,610,612,736 bytes (1.5 GB)');
    // The panel sells; ending a plan stays with the reseller API.
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All sub-users/ })).toHaveAttribute('href', '/reseller/panel/sub-users');

    await userEvent.click(screen.getByRole('button', { name: 'Sell a plan' }));
    const form = screen.getByRole('form', { name: 'Sell a plan' });
    await vi.waitFor(() => expect(within(form).getByRole('option', { name: /Residential Rotating/ })).toBeEnabled());
    await userEvent.selectOptions(within(form).getByLabelText('Plan'), PLAN_ID);
    await userEvent.selectOptions(within(form).getByLabelText('Country'), 'US');
    await userEvent.type(within(form).getByLabelText('Bandwidth (GB)'), '5');
    expect(within(form).getByTestId('sell-estimate')).toHaveTextContent('$12.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Sell plan' }));
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Sell a plan' })).not.toBeInTheDocument());

    const [sale] = callsTo(fetch, SELL);
    expect(sale!.body).toEqual({ planId: PLAN_ID, region: 'US', bandwidth: 5, days: 30 });
    expect(sale!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sale!.headers['x-api-key']).toBeUndefined();
    // The customer catalogue and the reseller API are never asked.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/v1/public/'))).toBe(false);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/v1/reseller/'))).toBe(false);
  }, 20_000);

  it('shows a new key once, then only its prefix; revoking asks first', async () => {
    let apiKey: ResellerOverview['apiKey'] = null;
    const key = `tg_live_${'a'.repeat(43)}`;
    const status = { prefix: key.slice(0, 14), createdAt: '2026-11-27T10:00:00.000Z', lastUsedAt: null };
    const fetch = fakeApi({
      [OVERVIEW]: () => overview({ apiKey }),
      [`POST ${KEY}`]: () => {
        apiKey = status;
        return { message: 'API key created', payload: { apiKey: key, status } };
      },
      [`DELETE ${KEY}`]: () => {
        apiKey = null;
        return { message: 'API key revoked', payload: null };
      },
    });
    render('/reseller/panel/api-key');
    expect(await screen.findByText('No key yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('reseller-api-key')).toHaveTextContent(key);
    expect(await screen.findByTestId('reseller-key-prefix')).toHaveTextContent(`${key.slice(0, 14)}…`);
    expect(JSON.stringify({ ...localStorage })).not.toContain(key);
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(key)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the API key?' });
    expect(callsTo(fetch, `DELETE ${KEY}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('No key yet.')).toBeInTheDocument();
    expect(callsTo(fetch, `DELETE ${KEY}`)).toHaveLength(1);
  }, 20_000);

  it('lists orders with what each did and whose plan it is', async () => {
    const order = (extra: Partial<ResellerOrder>): ResellerOrder => ({
      id: 'o1',
      number: 'INV-2026-000041',
      kind: 'purchase',
      updatingType: null,
      description: 'Residential Rotating',
      planTitle: 'Residential Rotating',
      planType: 'residential',
      units: 5,
      unit: 'GB',
      days: 30,
      country: 'US',
      total: 12.5,
      status: 'paid',
      refunded: false,
      createdAt: '2026-11-27T10:00:00.000Z',
      subscriptionId: 's1',
      subUser: { id: SUB_USER_ID, username: 'reseller_client' },
      ...extra,
    });
    fakeApi({
      [ORDERS]: {
        payload: {
          items: [
            order({}),
            order({ id: 'o2', number: 'INV-2026-000042', kind: 'renewal', updatingType: 'bandwidth', subUser: null }),
          ],
          total: 2,
          page: 1,
          size: 20,
        },
      },
    });
    render('/reseller/panel/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('link', { name: 'reseller_client' })).toHaveAttribute(
      'href',
      `/reseller/panel/sub-users/${SUB_USER_ID}`,
    );
    expect(table).toHaveTextContent('Plan bought: Residential Rotating');
    expect(table).toHaveTextContent('Residential · 5 GB · 30 days · United States');
    expect(table).toHaveTextContent('GB added: Residential Rotating');
    expect(within(table).getByText('Your account')).toBeInTheDocument();
    expect(table).toHaveTextContent('$12.50');
  });
});
