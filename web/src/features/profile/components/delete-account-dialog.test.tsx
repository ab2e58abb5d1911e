import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const user = testUser({ twoFactorEnabled: true });
const preview = `GET /api/v1/public/accounts/${user.id}/deletion-preview`;
const remove = `DELETE /api/v1/public/accounts/${user.id}`;
const plan = {
  id: '9b2d7c4e-1f0a-4c3b-8e6d-5a4f3e2d1c0b',
  title: 'Residential Pro',
  planType: 'residential',
  bytesLeft: 1.5 * 1024 ** 3,
  threads: 0,
  daysLeft: 12,
  autoRenew: true,
  expiresAt: '2026-12-06T10:00:00.000Z',
};

describe('DeleteAccountDialog', () => {
  it('names each plan with what is left and the balance, and sends the two-factor code', async () => {
    const fetch = fakeApi({
      [preview]: {
        payload: { username: 'customer', balance: 42.5, twoFactorEnabled: true, hasPassword: true, plans: [plan] },
      },
      [remove]: { status: 400, message: 'Invalid code. Enter the current code from your authenticator app.' },
    });
    renderWithProviders(<DeleteAccountDialog user={user} open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const lost = await within(dialog).findByRole('list', { name: 'What is lost' });
    expect(lost).toHaveTextContent('Residential Pro');
    expect(lost).toHaveTextContent('1.5 GB left · 12 days left · auto-renew on');
    expect(lost).toHaveTextContent('Balance $42.50, not paid out');

    await userEvent.click(within(dialog).getByLabelText('Your password'));
    await userEvent.paste('my-password');
    const button = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(button).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Authenticator code or backup code'));
    await userEvent.paste('123456');
    await userEvent.click(button);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid code');
    await waitFor(() => expect(callsTo(fetch, remove)[0]?.body).toEqual({ password: 'my-password', code: '123456' }));
  });
});
