import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPlan, buildStaffSubscription } from '../../../test/builders.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { notify } from '#lib/toast.ts';
import AdminAddSubscriptionPage from './admin-add-subscription-page.tsx';
import SupportAddSubscriptionPage from './support-add-subscription-page.tsx';

// Success navigates away from the page: watch the toast call rather than a container.
vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

const userId = '55555555-5555-4555-8555-555555555555';
const account = {
  id: userId,
  username: 'alice',
  email: 'alice@example.test',
  role: 'User',
};
const list = <T,>(items: T[]) => ({ items, total: items.length, page: 1, size: 0 });
const emptyPage = { items: [], total: 0, page: 1, size: 1 };
const residential = buildPlan({ title: 'Residential Pro', serverGeoOptions: 'US,DE', serverGeo: 'US' });
const isp = buildPlan({
  title: 'ISP Static',
  type: 'isp',
  bandwidthPrices: '',
  threadPrices: '[{"value":1,"price":2}]',
  serverGeoOptions: '',
});
const packaged = buildPlan({ title: 'Mobile Day', type: 'mobile', bandwidthPrices: '', serverGeoOptions: '' });
const trial = buildPlan({ title: 'Residential Trial', trial: true, serverGeoOptions: '' });

describe('AdminAddSubscriptionPage', () => {
  it('names the account, asks for the country and GB the plan uses, and goes back to the account', async () => {
    const fetch = fakeApi({
      [`GET /api/v1/admin/accounts/${userId}`]: { payload: { account, subscriptions: emptyPage } },
      'GET /api/v1/admin/plans': { payload: list([residential, isp, packaged, trial]) },
      [`POST /api/v1/admin/accounts/${userId}/add-subscription`]: {
        message: 'Subscription added',
        payload: buildStaffSubscription({ planTitle: 'Residential Pro' }),
      },
    });
    renderWithProviders(<AdminAddSubscriptionPage />, {
      route: '/admin/accounts/:userId/add-subscription',
      path: `/admin/accounts/${userId}/add-subscription`,
    });
    expect(await screen.findByTestId('gift-account')).toHaveTextContent('alicealice@example.test');
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toHaveLength(5);

    await userEvent.selectOptions(plan, packaged.id);
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Bandwidth (GB)')).not.toBeInTheDocument();
    await userEvent.selectOptions(plan, isp.id);
    expect(screen.getByLabelText('Threads')).toBeInTheDocument();
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();

    await userEvent.selectOptions(plan, residential.id);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    await userEvent.type(screen.getByLabelText('Bandwidth (GB)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add subscription' }));
    expect(await screen.findByText(/at least 1|>=1|too small/i)).toBeInTheDocument();
    expect(callsTo(fetch, `POST /api/v1/admin/accounts/${userId}/add-subscription`)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Bandwidth (GB)'));
    await userEvent.type(screen.getByLabelText('Bandwidth (GB)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Add subscription' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toHaveTextContent(`/admin/accounts/${userId}`));
    expect(callsTo(fetch, `POST /api/v1/admin/accounts/${userId}/add-subscription`)[0]!.body).toEqual({
      plan: residential.id,
      region: 'DE',
      additionalField: 5,
    });
    expect(notify).toHaveBeenCalledWith('success', 'Residential Pro added to the account.');
  });

  it('sends the plan alone when country and amount are left on the plan defaults', async () => {
    const fetch = fakeApi({
      [`GET /api/v1/admin/accounts/${userId}`]: { payload: { account, subscriptions: emptyPage } },
      'GET /api/v1/admin/plans': { payload: list([residential]) },
      [`POST /api/v1/admin/accounts/${userId}/add-subscription`]: {
        status: 403,
        message: 'Staff cannot give plans to their own account',
        payload: { error: 'x' },
      },
    });
    renderWithProviders(<AdminAddSubscriptionPage />, {
      route: '/admin/accounts/:userId/add-subscription',
      path: `/admin/accounts/${userId}/add-subscription`,
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Plan' }), residential.id);
    await userEvent.click(screen.getByRole('button', { name: 'Add subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Staff cannot give plans to their own account');
    expect(callsTo(fetch, `POST /api/v1/admin/accounts/${userId}/add-subscription`)[0]!.body).toEqual({
      plan: residential.id,
    });
  });
});

describe('SupportAddSubscriptionPage', () => {
  it('offers trial plans only and returns to the customer’s support page', async () => {
    const fetch = fakeApi({
      [`GET /api/v1/support/accounts/${userId}`]: { payload: { account, subscriptions: emptyPage } },
      'GET /api/v1/support/plans': { payload: list([residential, trial]) },
      [`POST /api/v1/support/accounts/${userId}/add-subscription`]: {
        message: 'Subscription added',
        payload: buildStaffSubscription({ planTitle: 'Residential Trial' }),
      },
    });
    renderWithProviders(<SupportAddSubscriptionPage />, {
      route: '/support/accounts/:userId/add-subscription',
      path: `/support/accounts/${userId}/add-subscription`,
    });
    const plan = await screen.findByRole('combobox', { name: 'Plan' });
    expect(screen.queryByRole('option', { name: /Residential Pro/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(plan, trial.id);
    await userEvent.click(screen.getByRole('button', { name: 'Add subscription' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toHaveTextContent(`/support/accounts/${userId}`));
    expect(callsTo(fetch, `POST /api/v1/support/accounts/${userId}/add-subscription`)[0]!.body).toEqual({
      plan: trial.id,
    });
  });

  it('says so when the account is not one support may see', async () => {
    fakeApi({
      [`GET /api/v1/support/accounts/${userId}`]: { status: 404, message: 'Not Found', payload: { error: 'x' } },
      'GET /api/v1/support/plans': { payload: list([trial]) },
    });
    renderWithProviders(<SupportAddSubscriptionPage />, {
      route: '/support/accounts/:userId/add-subscription',
      path: `/support/accounts/${userId}/add-subscription`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not Found');
  });
});
