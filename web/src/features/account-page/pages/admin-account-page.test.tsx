import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { buildStaffSubscription } from '../../../test/builders.ts';
import { buildAdminAccount, CUSTOMER_ID, plans } from '../test-data.ts';
import AdminAccountPage from './admin-account-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const base = `/api/v1/admin/accounts/${CUSTOMER_ID}`;
const admin = testUser({ id: '11111111-1111-4111-8111-111111111111', username: 'admin', role: 'Administrator' });
const list = (items: unknown[]) => ({ payload: { items, total: items.length, page: 1, size: 10 } });

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}, path = `/admin/accounts/${CUSTOMER_ID}`) {
  const account = buildAdminAccount();
  const fetch = fakeApi({
    'GET /api/v1/auth/me': { payload: admin },
    [`GET ${base}`]: { message: 'Account', payload: { account, subscriptions: plans() } },
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <AdminAccountPage />
      <ToastContainer />
    </>,
    { route: '/admin/accounts/:userId', path },
  );
  return { fetch, ...view };
}

const openMenu = async () => userEvent.click(await screen.findByRole('button', { name: 'Actions' }));

describe('AdminAccountPage', () => {
  it('shows who the account is, its money and its plans linked to their edit page', async () => {
    const subscription = buildStaffSubscription();
    renderPage({
      [`GET ${base}`]: {
        payload: {
          account: buildAdminAccount({ twoFactorEnabled: true, disabled: true, message: 'Update your VAT number' }),
          subscriptions: plans([subscription]),
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'alice', level: 1 })).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: 'Account status' });
    expect(badges).toHaveTextContent('Sign-in disabled');
    expect(badges).toHaveTextContent('2FA on');
    expect(screen.getByTestId('account-balance')).toHaveTextContent('$42.50');
    expect(screen.getByText('Update your VAT number')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Plans' });
    expect(within(table).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `/admin/subscriptions/edit/${subscription.id}`,
    );
  }, 20_000);

  it('keeps the open section in the URL and shows the audit trail readably', async () => {
    const { router } = renderPage({
      [`GET ${base}/audit`]: list([
        {
          id: 1,
          action: 'account.edit',
          targetType: 'account',
          targetId: CUSTOMER_ID,
          actor: { id: admin.id, username: 'admin' },
          before: { stripeLimit: 100 },
          after: { stripeLimit: 250 },
          reason: 'Trusted customer',
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      ]),
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Audit trail' }));
    expect(router.state.location.search).toBe('?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(within(table).getByText('Stripe limit:')).toBeInTheDocument();
    expect(within(table).getByText('250')).toBeInTheDocument();
    expect(within(table).getByText('Trusted customer')).toBeInTheDocument();
  }, 20_000);

  it('verifies at once, and re-sends verification only after confirming', async () => {
    const unverified = buildAdminAccount({ emailVerified: false });
    let verified = false;
    const { fetch } = renderPage({
      [`GET ${base}`]: () => ({
        payload: { account: verified ? buildAdminAccount() : unverified, subscriptions: plans([]) },
      }),
      [`POST /api/v1/admin/accounts/verifyy/${CUSTOMER_ID}`]: () => {
        verified = true;
        return { message: 'Account verified', payload: buildAdminAccount() };
      },
      [`POST /api/v1/admin/accounts/reverify/${CUSTOMER_ID}`]: {
        message: 'Verification email sent',
        payload: unverified,
      },
    });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Verify email' }));
    expect(await screen.findByText('Account verified')).toBeInTheDocument();
    // The page reads the account again: the badge and the menu follow.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Account status' })).toHaveTextContent('Verified'));
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Re-send verification' }));
    const dialog = screen.getByRole('dialog', { name: 'Re-send verification?' });
    expect(callsTo(fetch, `POST /api/v1/admin/accounts/reverify/${CUSTOMER_ID}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-send verification' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
  }, 20_000);

  it('disables sign-in only with a reason, and shows a refusal from the server', async () => {
    const { fetch } = renderPage({
      [`POST ${base}/disable`]: (request) =>
        (request.body as { reason: string }).reason === 'Chargeback fraud'
          ? { message: 'Account disabled', payload: buildAdminAccount({ disabled: true }) }
          : { status: 400, message: 'You cannot disable the last Administrator', payload: { error: 'x' } },
    });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Disable sign-in' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable sign-in for alice?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable sign-in' }));
    expect(within(dialog).getByText('Say why (at least 3 characters)')).toBeInTheDocument();
    expect(callsTo(fetch, `POST ${base}/disable`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Something else');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable sign-in' }));
    expect(await within(dialog).findByText('You cannot disable the last Administrator')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Reason (kept in the audit trail)'));
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Chargeback fraud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable sign-in' }));
    expect(await screen.findByText('Account disabled')).toBeInTheDocument();
    expect(callsTo(fetch, `POST ${base}/disable`).at(-1)!.body).toEqual({ reason: 'Chargeback fraud' });
  }, 20_000);

  it('signs the account out everywhere after confirming', async () => {
    const session = {
      id: '33333333-3333-4333-8333-333333333333',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-12-20T10:00:00.000Z',
    };
    const { fetch } = renderPage(
      {
        [`GET ${base}/sessions`]: { payload: { sessions: [session] } },
        [`DELETE ${base}/sessions`]: { message: 'Sessions signed out', payload: { revoked: 1 } },
      },
      `/admin/accounts/${CUSTOMER_ID}?tab=sessions`,
    );
    expect(await screen.findByText(/203\.0\.113\.7/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign alice out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sessions signed out')).toBeInTheDocument();
    expect(callsTo(fetch, `DELETE ${base}/sessions`)).toHaveLength(1);
  }, 20_000);

  it('says the §8 avatar messages when an upload or a removal fails', async () => {
    renderPage({
      [`GET ${base}`]: {
        payload: { account: buildAdminAccount({ avatarUrl: '/uploads/a.png' }), subscriptions: plans() },
      },
      [`POST /api/v1/admin/updatemyavatar/${CUSTOMER_ID}`]: {
        status: 400,
        message: 'File is too large',
        payload: { error: 'File is too large' },
      },
      [`DELETE /api/v1/admin/deletemyavatar/${CUSTOMER_ID}`]: new TypeError('Failed to fetch'),
    });
    await screen.findByRole('heading', { name: 'alice' });
    const png = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('admin-avatar-file'), png);
    expect(await screen.findByText('Failed to update avatar. File is too large')).toBeInTheDocument();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove avatar' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove the avatar?' })).getByRole('button', { name: 'Remove avatar' }),
    );
    expect(await screen.findByText('Avatar delete failed.')).toBeInTheDocument();
  }, 20_000);

  it('offers no disable or delete on one’s own account', async () => {
    const { queryClient } = renderPage({
      [`GET ${base}`]: { payload: { account: buildAdminAccount({ id: admin.id }), subscriptions: plans() } },
    });
    await screen.findByRole('heading', { name: 'alice' });
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'me'])).toBeDefined());
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Delete account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Disable sign-in' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Change balance' })).toHaveAttribute(
      'href',
      `/admin/accounts/${admin.id}/balance`,
    );
  }, 20_000);

  it('runs the actions menu from the keyboard: arrows move, Escape closes and returns focus', async () => {
    renderPage();
    const button = await screen.findByRole('button', { name: 'Actions' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Edit account' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Change balance' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete account' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  }, 20_000);
});
