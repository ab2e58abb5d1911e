import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildSupportAccount, CUSTOMER_ID, plans } from '../test-data.ts';
import SupportAccountPage from './support-account-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const fetch = fakeApi({
    [`GET /api/v1/support/accounts/${CUSTOMER_ID}`]: {
      payload: {
        account: buildSupportAccount({ emailVerified: false, googleLinked: true, twoFactorEnabled: true }),
        subscriptions: plans(),
      },
    },
    ...routes,
  });
  renderWithProviders(
    <>
      <SupportAccountPage />
      <ToastContainer />
    </>,
    { route: '/support/accounts/:userId', path: `/support/accounts/${CUSTOMER_ID}` },
  );
  return fetch;
}

describe('SupportAccountPage', () => {
  it('shows the account without money and links the trial plan screen', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'alice', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.queryByText('Balance')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add trial plan' })).toHaveAttribute(
      'href',
      `/support/accounts/${CUSTOMER_ID}/add-subscription`,
    );
    // Support cannot open the admin subscription page: plans are listed, not linked.
    expect(within(screen.getByRole('table', { name: 'Plans' })).queryByRole('link')).not.toBeInTheDocument();
  }, 20_000);

  it('calls the support mirrors: verify, the reset link, and 2FA off after confirming', async () => {
    const fetch = renderPage({
      [`POST /api/v1/support/accounts/verifyy/${CUSTOMER_ID}`]: {
        message: 'Account verified',
        payload: buildSupportAccount(),
      },
      [`POST /api/v1/support/send/forgot-passwordlink/${CUSTOMER_ID}`]: {
        message: 'Password reset link sent',
        payload: null,
      },
      [`DELETE /api/v1/support/accounts/${CUSTOMER_ID}/disable-2fa`]: {
        status: 404,
        message: 'Account not found',
        payload: { error: 'Account not found' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Account verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText('Password reset link sent')).toBeInTheDocument();
    expect(callsTo(fetch, `POST /api/v1/support/send/forgot-passwordlink/${CUSTOMER_ID}`)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable two-factor authentication?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    expect(await screen.findByText('Account not found')).toBeInTheDocument();
  }, 20_000);
});
