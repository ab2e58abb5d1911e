import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { buildSubscription } from '../../../test/builders.ts';
import { callsTo, fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDashboard(subscriptions: Subscription[], routes: Parameters<typeof fakeApi>[0] = {}) {
  const dashboard: Reply = {
    message: 'Dashboard',
    encoded: true,
    payload: {
      balance: 5,
      stats: {
        activePlans: subscriptions.length,
        expiringSoon: 0,
        totalSpent: 0,
        spentLast30Days: 0,
        bandwidthUsed: 0,
        bandwidthUsedBytes: 3 * 1024 ** 2,
      },
      subscriptions,
      announcements: [],
    },
  };
  const fetch = fakeApi({
    'GET /api/v1/auth/me': { message: 'Current user', payload: testUser({ balance: 5 }) },
    'GET /api/v1/public/dashboard': dashboard,
    'GET /api/v1/public/suggestions/allowed': { message: 'ok', payload: { allowed: false, nextAllowedAt: null } },
    ...routes,
  });
  renderWithProviders(
    <>
      <DashboardPage />
      <ToastContainer />
    </>,
    { route: '/dashboard', path: '/dashboard' },
  );
  return fetch;
}
const card = (s: Subscription) => screen.findByTestId(`plan-${s.id}`);

describe('plans a customer can tell apart', () => {
  it('shows two purchases of one product with their names, short ids, usernames and purchase dates', async () => {
    const a = buildSubscription({
      id: '1a2b3c4d-0000-4000-8000-000000000001',
      label: 'Scraper EU',
      proxyUsername: 'tg_aaaaaa',
    });
    const b = buildSubscription({ id: '9f8e7d6c-0000-4000-8000-000000000002', proxyUsername: 'tg_bbbbbb' });
    renderDashboard([a, b]);
    const first = within(await card(a));
    expect(first.getByRole('heading', { name: 'Scraper EU' })).toBeInTheDocument();
    expect(first.getByTestId('plan-identity')).toHaveTextContent(
      /#1A2B3C4D · user tg_aaaaaa · bought \w{3} \d+, \d{4}/,
    );
    const second = within(await card(b));
    expect(second.getByRole('heading', { name: 'Residential Rotating' })).toBeInTheDocument();
    expect(second.getByTestId('plan-identity')).toHaveTextContent(/#9F8E7D6C · user tg_bbbbbb/);
  });

  it('names a plan from its card', async () => {
    const plan = buildSubscription();
    const fetch = renderDashboard([plan], {
      [`PATCH /api/v1/public/subscriptions/${plan.id}/label`]: ({ body }) => ({
        message: 'Plan name saved',
        payload: { ...plan, label: (body as { label: string }).label },
      }),
    });
    await userEvent.click(within(await card(plan)).getByRole('button', { name: 'Name' }));
    await userEvent.type(screen.getByLabelText('Plan name'), 'Sneaker bots');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Plan name saved')).toBeInTheDocument();
    expect(callsTo(fetch, `PATCH /api/v1/public/subscriptions/${plan.id}/label`)[0]!.body).toEqual({
      label: 'Sneaker bots',
    });
  });

  it('shows usage under a gigabyte in MB, on the card and in the summary', async () => {
    const plan = buildSubscription({
      bandwidth: 5,
      bandwidthUsed: 0,
      bandwidthLeft: 5,
      bandwidthUsedBytes: 3 * 1024 ** 2,
    });
    renderDashboard([plan]);
    expect(within(await card(plan)).getByText('3 MB of 5 GB used')).toBeInTheDocument();
    expect(screen.getByText('3 MB')).toBeInTheDocument();
  });

  it('shows the next auto-renew charge and warns when the balance cannot cover it', async () => {
    const plan = buildSubscription({ autoRenew: true, renewValue: 30 });
    renderDashboard([plan], {
      [`GET /api/v1/public/subscriptions/${plan.id}/next-renewal`]: {
        message: 'Next renewal',
        payload: {
          subscriptionId: plan.id,
          autoRenew: true,
          days: 30,
          amount: 8,
          chargeAt: '2026-12-23T10:00:00.000Z',
          expiresAt: '2026-12-24T10:00:00.000Z',
          balance: 5,
          covered: false,
          problem: null,
        },
      },
    });
    const note = await within(await card(plan)).findByTestId('next-renewal');
    expect(note).toHaveTextContent('Next charge: $8.00 for 30 days on Dec 23, 2026. Your balance is $5.00.');
    expect(screen.getByText('Your balance does not cover the next renewal')).toBeInTheDocument();
  });
});
