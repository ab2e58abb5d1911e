import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubResizeObserver } from '../../../test/resize-observer.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildStaffSubscription } from '../../../test/builders.ts';
import EditSubscriptionPage from './edit-subscription-page.tsx';

beforeEach(stubResizeObserver);
afterEach(() => vi.unstubAllGlobals());

const subscription = buildStaffSubscription({ whitelistLimit: 25 });
const base = `/api/v1/admin/subscriptions/${subscription.id}`;
const days = (gb: (i: number) => number) =>
  Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 3 + i)).toISOString().slice(0, 10),
    gb: gb(i),
  }));

function renderPage(traffic: unknown) {
  const fetch = fakeApi({
    [`GET ${base}`]: { message: 'Subscription details', payload: subscription },
    [`GET ${base}/traffic`]: { message: 'Subscription traffic', payload: traffic },
  });
  renderWithProviders(<EditSubscriptionPage />, {
    route: '/admin/subscriptions/edit/:subscriptionId',
    path: `/admin/subscriptions/edit/${subscription.id}`,
  });
  return fetch;
}

describe('EditSubscriptionPage: customer, usage and whitelist', () => {
  it('links to the customer’s account page, lists the whitelisted IPs and totals 30 days of usage in GB', async () => {
    renderPage({
      whitelist: [
        { ip: '203.0.113.7', addedAt: '2026-11-20T08:00:00.000Z' },
        { ip: '2001:db8::1', addedAt: '2026-11-28T08:00:00.000Z' },
      ],
      gbPerDay: days((i) => (i === 29 ? 1.5 : i === 27 ? 0.25 : 0)),
    });
    const account = await screen.findByRole('link', { name: 'Customer account' });
    expect(account).toHaveAttribute('href', `/admin/accounts/${subscription.account.id}`);
    expect(screen.getByRole('link', { name: 'customer' })).toHaveAttribute(
      'href',
      `/admin/accounts/${subscription.account.id}`,
    );

    const list = await screen.findByRole('list', { name: 'Whitelisted IPs' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '203.0.113.7added Nov 20, 2026',
      '2001:db8::1added Nov 28, 2026',
    ]);
    expect(screen.getByText('2 of 25 allowed; the customer manages them.')).toBeInTheDocument();
    expect(
      screen.getByText('GB carried per day over the last 30 days (UTC), download and upload together.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('traffic-total')).toHaveTextContent('1.75 GB in 30 days');
  });

  it('says when nothing is whitelisted and shows zero usage for a quiet plan', async () => {
    renderPage({ whitelist: [], gbPerDay: days(() => 0) });
    expect(await screen.findByText('No whitelisted IPs')).toBeInTheDocument();
    expect(screen.getByText('The customer connects with the proxy username and password.')).toBeInTheDocument();
    expect(screen.getByTestId('traffic-total')).toHaveTextContent('0 GB in 30 days');
    expect(screen.queryByRole('list', { name: 'Whitelisted IPs' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal where the usage and whitelist would be, and keeps the rest of the page', async () => {
    const fetch = fakeApi({
      [`GET ${base}`]: { message: 'Subscription details', payload: subscription },
      [`GET ${base}/traffic`]: { status: 403, message: 'forbidden', payload: { error: 'forbidden' } },
    });
    renderWithProviders(<EditSubscriptionPage />, {
      route: '/admin/subscriptions/edit/:subscriptionId',
      path: `/admin/subscriptions/edit/${subscription.id}`,
    });
    expect(await screen.findByRole('form', { name: 'Edit subscription' })).toBeInTheDocument();
    expect(await screen.findAllByText('Your account is not allowed to see this.')).toHaveLength(2);
    expect(fetch).toHaveBeenCalled();
  });
});
