import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildStaffSubscription } from '../../../test/builders.ts';
import AdminSubscriptionsPage from './admin-subscriptions-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = buildStaffSubscription();
const list = { message: 'Subscriptions list', payload: { items: [row], total: 1, page: 1, size: 20 } };
const lastQuery = (fetch: ReturnType<typeof fakeApi>) =>
  callsTo(fetch, 'GET /api/v1/admin/subscriptions').at(-1)!.url.searchParams;

describe('AdminSubscriptionsPage', () => {
  it('lists subscriptions 20 a page with the customer, usage and a link to edit', async () => {
    const fetch = fakeApi({ 'GET /api/v1/admin/subscriptions': list });
    renderWithProviders(<AdminSubscriptionsPage />, { path: '/admin/subscriptions' });
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    expect(within(table).getByText('customer')).toBeInTheDocument();
    expect(within(table).getByText('customer@tollgate.local')).toBeInTheDocument();
    expect(within(table).getByText('2.5 / 10 GB')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Residential Rotating' })).toHaveAttribute(
      'href',
      `/admin/subscriptions/edit/${row.id}`,
    );
    expect(lastQuery(fetch).get('size')).toBe('20');
    expect(lastQuery(fetch).has('type')).toBe(false);
  });

  it('filters by type and status, leaving the type out for All types', async () => {
    const fetch = fakeApi({ 'GET /api/v1/admin/subscriptions': list });
    renderWithProviders(<AdminSubscriptionsPage />, { path: '/admin/subscriptions' });
    await screen.findByRole('table', { name: 'Subscriptions' });
    await userEvent.selectOptions(screen.getByLabelText('Filter by type'), 'isp');
    await waitFor(() => expect(lastQuery(fetch).get('type')).toBe('isp'));
    await userEvent.selectOptions(screen.getByLabelText('Filter by status'), 'expired');
    await waitFor(() => expect(lastQuery(fetch).get('status')).toBe('expired'));
    await userEvent.selectOptions(screen.getByLabelText('Filter by type'), '');
    await waitFor(() => expect(lastQuery(fetch).has('type')).toBe(false));
    expect(lastQuery(fetch).get('status')).toBe('expired');
  });
});
