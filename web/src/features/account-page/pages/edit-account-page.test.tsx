import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { buildAdminAccount, CUSTOMER_ID, plans } from '../test-data.ts';
import EditAccountPage from './edit-account-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const base = `/api/v1/admin/accounts/${CUSTOMER_ID}`;

function renderPage(role: 'Administrator' | 'Manager', patch?: Parameters<typeof fakeApi>[0][string]) {
  const fetch = fakeApi({
    'GET /api/v1/auth/me': { payload: testUser({ id: '11111111-1111-4111-8111-111111111111', role }) },
    [`GET ${base}`]: { payload: { account: buildAdminAccount(), subscriptions: plans([]) } },
    ...(patch ? { [`PATCH ${base}`]: patch } : {}),
  });
  const view = renderWithProviders(
    <>
      <EditAccountPage />
      <ToastContainer />
    </>,
    { route: '/admin/accounts/:userId/edit', path: `/admin/accounts/${CUSTOMER_ID}/edit` },
  );
  return { fetch, ...view };
}

const replace = async (label: string, text: string) => {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
};

describe('EditAccountPage', () => {
  it('asks for a reason when payment methods or the card limit change, then sends only what changed', async () => {
    const { fetch, router } = renderPage('Administrator', {
      message: 'Updated Successfully',
      payload: buildAdminAccount(),
    });
    await screen.findByRole('form', { name: 'Edit account' });
    await userEvent.click(screen.getByRole('switch', { name: 'Card payments' }));
    await replace('Card limit (dollars per 24 hours)', '250');
    await replace('ISP', '7.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Say why the role, payment methods or card limit change')).toBeInTheDocument();
    expect(callsTo(fetch, `PATCH ${base}`)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Reason'), 'Chargebacks last month');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // Saved: back on the account page (the toast goes with the page in this harness).
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/accounts/${CUSTOMER_ID}`));
    expect(callsTo(fetch, `PATCH ${base}`)[0]!.body).toEqual({
      stripePaymentProcessorEnabled: false,
      stripeLimit: 250,
      referralRates: { isp: 7.5 },
      reason: 'Chargebacks last month',
    });
  }, 20_000);

  it('shows a duplicate email under the field', async () => {
    renderPage('Administrator', {
      status: 400,
      message: 'Validation Error',
      payload: { error: 'Validation Error', fields: [{ path: 'body.email', message: 'This email is already taken' }] },
    });
    await screen.findByRole('form', { name: 'Edit account' });
    await replace('Email', 'bob@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This email is already taken', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);

  it('keeps the role for Administrators; the notice counts its characters', async () => {
    renderPage('Manager');
    await screen.findByRole('form', { name: 'Edit account' });
    await waitFor(() => expect(screen.getByLabelText('Role')).toBeDisabled());
    expect(screen.getByText('Only an Administrator changes roles.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message to the customer'), 'Hello');
    expect(screen.getByText(/5\/500/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Updated Successfully').catch(() => null)).toBeNull();
  }, 20_000);
});
