import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildAdminAccount, CUSTOMER_ID, plans } from '../test-data.ts';
import AccountBalancePage from './account-balance-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const base = `/api/v1/admin/accounts/${CUSTOMER_ID}`;

function renderPage(patch: Parameters<typeof fakeApi>[0][string]) {
  const fetch = fakeApi({
    [`GET ${base}`]: { payload: { account: buildAdminAccount({ balance: 42.5 }), subscriptions: plans([]) } },
    [`GET ${base}/ledger`]: {
      payload: {
        items: [
          {
            id: 1,
            kind: 'staff_adjustment',
            amount: 40,
            balanceAfter: 42.5,
            reference: null,
            reason: 'Welcome credit',
            actor: { id: 'x', username: 'admin' },
            createdAt: '2026-11-22T10:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        size: 10,
      },
    },
    [`PATCH ${base}/balance`]: patch,
  });
  renderWithProviders(
    <>
      <AccountBalancePage />
      <ToastContainer />
    </>,
    { route: '/admin/accounts/:userId/balance', path: `/admin/accounts/${CUSTOMER_ID}/balance` },
  );
  return fetch;
}

describe('AccountBalancePage', () => {
  it('previews the new balance and refuses to go below zero without calling the server', async () => {
    const fetch = renderPage({ payload: { balance: 0, change: 0 } });
    expect(await screen.findByTestId('current-balance')).toHaveTextContent('$42.50');
    expect((await screen.findAllByText('Welcome credit')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('radio', { name: /Subtract from balance/ }));
    await userEvent.type(screen.getByLabelText('Amount (dollars)'), '50');
    expect(screen.getByTestId('balance-preview')).toHaveTextContent('Below $0.00: refused');
    await userEvent.type(screen.getByLabelText('Reason'), 'Correction');
    await userEvent.click(screen.getByRole('button', { name: 'Subtract from balance' }));
    expect(screen.getByText(/at most \$42\.50 can be subtracted/)).toBeInTheDocument();
    expect(callsTo(fetch, `PATCH ${base}/balance`)).toHaveLength(0);
  }, 20_000);

  it('requires a reason, then sends a negative amount for a subtraction', async () => {
    const fetch = renderPage({ message: 'Balance updated', payload: { balance: 32.5, change: -10 } });
    await screen.findByTestId('current-balance');
    await userEvent.click(screen.getByRole('radio', { name: /Subtract from balance/ }));
    await userEvent.type(screen.getByLabelText('Amount (dollars)'), '10');
    expect(screen.getByTestId('balance-preview')).toHaveTextContent('$32.50');
    await userEvent.click(screen.getByRole('button', { name: 'Subtract from balance' }));
    expect(screen.getByText('Say why the balance changes')).toBeInTheDocument();
    expect(callsTo(fetch, `PATCH ${base}/balance`)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Reason'), 'Duplicate credit');
    await userEvent.click(screen.getByRole('button', { name: 'Subtract from balance' }));
    expect(await screen.findByText('Balance updated')).toBeInTheDocument();
    expect(callsTo(fetch, `PATCH ${base}/balance`)[0]!.body).toEqual({
      balanceToAddOrSub: -10,
      reason: 'Duplicate credit',
    });
  }, 20_000);

  it('explains a change that waits for approval', async () => {
    renderPage({
      message: 'Change awaits approval by an Administrator or a second staff member',
      payload: { balance: 42.5, change: 0, requestId: '44444444-4444-4444-8444-444444444444' },
    });
    await screen.findByTestId('current-balance');
    await userEvent.type(screen.getByLabelText('Amount (dollars)'), '900');
    await userEvent.type(screen.getByLabelText('Reason'), 'Large refund');
    await userEvent.click(screen.getByRole('button', { name: 'Add to balance' }));
    expect(await screen.findByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.getByText(/The balance has not changed yet/)).toBeInTheDocument();
  }, 20_000);

  it('shows the server’s refusal', async () => {
    renderPage({ status: 400, message: 'Insufficient balance', payload: { error: 'Insufficient balance' } });
    await screen.findByTestId('current-balance');
    await userEvent.type(screen.getByLabelText('Amount (dollars)'), '5');
    await userEvent.type(screen.getByLabelText('Reason'), 'Goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Add to balance' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
  }, 20_000);
});
