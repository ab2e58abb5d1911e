import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { stripeLimitMessage } from '@tollgate/contract/checkout/payments';
import { checkoutPage } from '#lib/payments.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { TopupForm } from './topup-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOPUP = 'POST /api/v1/public/topup';

async function deposit(amount: string, method?: RegExp) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  if (method) await user.click(screen.getByRole('radio', { name: method }));
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
}

describe('TopupForm', () => {
  it('opens the checkout page the server returns for a card deposit', async () => {
    const open = vi.spyOn(checkoutPage, 'open').mockImplementation(() => {});
    const fetch = fakeApi({
      [TOPUP]: { message: 'Payment created', payload: { paymentId: 'p1', checkoutUrl: '/api/v1/payments/sandbox/p1' } },
    });
    renderWithProviders(<TopupForm user={testUser() as CurrentUser} />);
    await userEvent.click(screen.getByRole('button', { name: '$50' }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/v1/payments/sandbox/p1'));
    expect(callsTo(fetch, TOPUP)[0]!.body).toEqual({ balance: 50, paymentMethod: 'stripe' });
  });

  it('goes to the crypto invoice link', async () => {
    const open = vi.spyOn(checkoutPage, 'open').mockImplementation(() => {});
    fakeApi({ [TOPUP]: { payload: { paymentId: 'p2', invoiceLink: 'https://pay.example/invoice/p2' } } });
    renderWithProviders(<TopupForm user={testUser() as CurrentUser} />);
    await deposit('12.50', /Crypto/);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/invoice/p2'));
  });

  it('shows the Stripe limit sentence verbatim', async () => {
    const limit = stripeLimitMessage('1000.00', '25.00');
    fakeApi({ [TOPUP]: { status: 400, message: limit, payload: { error: limit } } });
    renderWithProviders(<TopupForm user={testUser() as CurrentUser} />);
    await deposit('100');
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
  });

  it('only logs a dropped connection and shows no message (rule 89)', async () => {
    fakeApi({ [TOPUP]: new TypeError('Failed to fetch') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<TopupForm user={testUser() as CurrentUser} />);
    await deposit('100');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Network Error', expect.any(TypeError)));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the amount with the contract rules before calling the server', async () => {
    const fetch = fakeApi({});
    renderWithProviders(<TopupForm user={testUser() as CurrentUser} />);
    await deposit('0.5');
    expect(screen.getByText('The smallest deposit is $1')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Amount (USD)'));
    await deposit('10.555');
    expect(screen.getByText('Use at most two decimals')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Amount (USD)'));
    await deposit('20000');
    expect(screen.getByText('The largest deposit is $10,000')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers only the enabled methods, never balance', () => {
    renderWithProviders(<TopupForm user={testUser({ cryptoPaymentProcessorEnabled: false }) as CurrentUser} />);
    expect(screen.getByRole('radio', { name: /Card.*\$1,000\.00/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Crypto/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Balance/ })).not.toBeInTheDocument();
  });

  it('explains when no deposit method is enabled', () => {
    renderWithProviders(
      <TopupForm
        user={testUser({ stripePaymentProcessorEnabled: false, cryptoPaymentProcessorEnabled: false }) as CurrentUser}
      />,
    );
    expect(screen.getByText('Deposits are not enabled for your account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });
});
