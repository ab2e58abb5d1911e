import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import AdminAccountsPage from './admin-accounts-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = testUser({ id: '11111111-1111-4111-8111-111111111111', username: 'admin', role: 'Administrator' });
const row = (id: string, username: string) => ({
  id,
  username,
  email: `${username}@example.test`,
  role: 'User' as const,
  reseller: 0 as const,
  balance: 7,
  spent: 0,
  activePlans: 0,
  disabled: false,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  lastSeenAt: null,
});
const customer = row('22222222-2222-4222-8222-222222222222', 'alice');

describe('AdminAccountsPage', () => {
  it('deletes an account only with a reason, after naming what it loses; never one’s own', async () => {
    const fetch = fakeApi({
      'GET /api/v1/auth/me': { payload: me },
      'GET /api/v1/admin/accounts': {
        payload: { items: [row(me.id, 'admin'), customer], total: 2, page: 1, size: 20 },
      },
      [`GET /api/v1/admin/accounts/${customer.id}/deletion-preview`]: {
        payload: { username: 'alice', balance: 7, twoFactorEnabled: false, hasPassword: true, plans: [] },
      },
      [`DELETE /api/v1/admin/accounts/${customer.id}`]: { message: 'Account deleted', payload: null },
    });
    renderWithProviders(<AdminAccountsPage />, { path: '/admin/accounts' });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    await waitFor(() => expect(within(table).getByText('You')).toBeInTheDocument());
    expect(within(table).queryByRole('button', { name: 'Delete admin' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete alice?' });
    expect(await within(dialog).findByRole('list', { name: 'What is lost' })).toHaveTextContent('Balance $7.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByText('Say why the account is deleted')).toBeInTheDocument();
    expect(callsTo(fetch, `DELETE /api/v1/admin/accounts/${customer.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText('Reason (kept in the site logs)'));
    await userEvent.paste('Asked by mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, `DELETE /api/v1/admin/accounts/${customer.id}`)[0]?.body).toEqual({
      reason: 'Asked by mail',
    });
  });
});
