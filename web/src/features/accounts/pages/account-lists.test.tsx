import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import AdminAccountsPage from './admin-accounts-page.tsx';
import TrialPage from './trial-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const account = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`,
  username: `member${n}`,
  email: `member${n}@example.test`,
  role: 'User' as const,
  reseller: 0 as const,
  balance: 12.5,
  spent: 40,
  activePlans: 2,
  disabled: false,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  lastSeenAt: null,
  ...overrides,
});
const page = (items: unknown[], total = items.length) => ({ payload: { items, total, page: 1, size: 20 } });
const me = { payload: testUser({ role: 'Administrator' }) };
const ADMIN = 'GET /api/v1/admin/accounts';
const lastQuery = (fetch: ReturnType<typeof fakeApi>, route = ADMIN) => callsTo(fetch, route).at(-1)!.url.searchParams;

describe('User Management list', () => {
  it('shows status badges, money and plans, links each username to its page and offers New account', async () => {
    const rows = [
      account(1, { disabled: true, emailVerified: false, twoFactorEnabled: true, reseller: 1 }),
      account(2, { balance: 0, spent: 0, activePlans: 0 }),
    ];
    const fetch = fakeApi({ 'GET /api/v1/auth/me': me, [ADMIN]: page(rows) });
    renderWithProviders(<AdminAccountsPage />, { path: '/admin/accounts', route: '/admin/accounts' });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    const first = within(table).getAllByRole('row')[1]!;
    for (const badge of ['Disabled', 'Unverified', '2FA', 'Reseller API'])
      expect(within(first).getByText(badge)).toBeInTheDocument();
    expect(within(first).getByText('$12.50')).toBeInTheDocument();
    expect(within(first).getByText('$40.00')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'member1' })).toHaveAttribute(
      'href',
      `/admin/accounts/${rows[0]!.id}`,
    );
    expect(screen.getByRole('link', { name: 'New account' })).toHaveAttribute('href', '/admin/accounts/new');
    expect(screen.getByPlaceholderText('Search by username, email or id')).toBeInTheDocument();
    expect(lastQuery(fetch).get('sort')).toBe('newest');
    expect(lastQuery(fetch).has('role')).toBe(false);
  });

  it('puts filters and sort in the URL and the request, back to page 1; Back restores the list', async () => {
    const fetch = fakeApi({ 'GET /api/v1/auth/me': me, [ADMIN]: page([account(1)], 45) });
    const { router } = renderWithProviders(<AdminAccountsPage />, {
      path: '/admin/accounts',
      route: '/admin/accounts',
    });
    await screen.findByRole('table', { name: 'Accounts' });
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(lastQuery(fetch).get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.selectOptions(screen.getByLabelText('Filter by role'), 'Support');
    await userEvent.selectOptions(screen.getByLabelText('Filter by 2FA'), 'false');
    await userEvent.selectOptions(screen.getByLabelText('Filter by active plan'), 'true');
    await userEvent.selectOptions(screen.getByLabelText('Sort accounts'), 'spent_desc');
    await waitFor(() => expect(lastQuery(fetch).get('sort')).toBe('spent_desc'));
    const query = lastQuery(fetch);
    expect(Object.fromEntries(query)).toMatchObject({
      page: '1',
      role: 'Support',
      twoFactor: 'false',
      activePlan: 'true',
    });
    expect(query.has('verified')).toBe(false);
    expect(new URLSearchParams(router.state.location.search).get('role')).toBe('Support');
    expect(new URLSearchParams(router.state.location.search).has('page')).toBe(false);

    await userEvent.type(screen.getByPlaceholderText('Search by username, email or id'), 'gmail');
    await waitFor(() => expect(lastQuery(fetch).get('search')).toBe('gmail'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('gmail');

    await act(() => router.navigate(-1));
    // The list before the sort: its answer is still cached, so the screen shows it at once.
    await waitFor(() => expect(screen.getByLabelText('Sort accounts')).toHaveValue('newest'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      role: 'Support',
      twoFactor: 'false',
      activePlan: 'true',
    });
    expect(screen.getByLabelText('Filter by active plan')).toHaveValue('true');
    await waitFor(() => expect(screen.getByPlaceholderText('Search by username, email or id')).toHaveValue(''));
  });

  it('arrives from a link with its filters, search and page already set, ignoring nonsense values', async () => {
    const fetch = fakeApi({ 'GET /api/v1/auth/me': me, [ADMIN]: page([account(3)], 60) });
    renderWithProviders(<AdminAccountsPage />, {
      path: '/admin/accounts?search=member&disabled=true&page=3&sort=evil&verified=maybe',
      route: '/admin/accounts',
    });
    await screen.findByRole('table', { name: 'Accounts' });
    const query = lastQuery(fetch);
    expect(Object.fromEntries(query)).toMatchObject({ search: 'member', disabled: 'true', page: '3', sort: 'newest' });
    expect(query.has('verified')).toBe(false);
    expect(screen.getByPlaceholderText('Search by username, email or id')).toHaveValue('member');
    expect(screen.getByLabelText('Filter by disabled')).toHaveValue('true');
  });

  it('says the filters emptied the list when nothing matches them', async () => {
    fakeApi({ 'GET /api/v1/auth/me': me, [ADMIN]: page([]) });
    renderWithProviders(<AdminAccountsPage />, { path: '/admin/accounts?role=Manager', route: '/admin/accounts' });
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
  });
});

describe('Support management panel', () => {
  it('lists customers without money, links to the support account page and filters through the URL', async () => {
    const { balance: _b, spent: _s, ...customer } = account(7);
    const fetch = fakeApi({ 'GET /api/v1/support/trialpage': page([customer]) });
    const { router } = renderWithProviders(<TrialPage />, { path: '/support/trialpage', route: '/support/trialpage' });
    const table = await screen.findByRole('table', { name: 'Customer accounts' });
    expect(within(table).queryByText('Balance')).not.toBeInTheDocument();
    expect(within(table).queryByText('Spent')).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'member7' })).toHaveAttribute(
      'href',
      `/support/accounts/${customer.id}`,
    );
    expect(screen.queryByLabelText('Filter by role')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Filter by reseller')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Filter by email verification'), 'false');
    await waitFor(() => expect(lastQuery(fetch, 'GET /api/v1/support/trialpage').get('verified')).toBe('false'));
    expect(router.state.location.search).toBe('?verified=false');
  });
});
