import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PaymentReturnBanner } from './payment-return-banner.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '5b7c1f0e-0e7e-4a8e-9d55-111111111111';
const payment = (status: string): Reply => ({
  message: 'Payment status',
  payload: { id: ID, purpose: 'deposit', method: 'stripe', amount: 50, status, subscriptionId: null },
});

describe('PaymentReturnBanner', () => {
  it('confirms a paid deposit with its amount', async () => {
    fakeApi({ [`GET /api/v1/public/payments/${ID}`]: payment('paid') });
    renderWithProviders(<PaymentReturnBanner paymentId={ID} onDismiss={vi.fn()} />);
    expect(await screen.findByText('Deposit of $50.00 received')).toBeInTheDocument();
  });

  it('waits while pending and asks again until the provider confirms', async () => {
    let status = 'pending';
    fakeApi({ [`GET /api/v1/public/payments/${ID}`]: () => payment(status) });
    renderWithProviders(<PaymentReturnBanner paymentId={ID} onDismiss={vi.fn()} />);
    expect(await screen.findByText('Waiting for confirmation')).toBeInTheDocument();
    status = 'paid';
    expect(await screen.findByText('Deposit of $50.00 received', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'Payment cancelled'],
    ['failed', 'Payment failed'],
    ['expired', 'Payment expired'],
  ])('shows an error for a %s payment', async (status, title) => {
    fakeApi({ [`GET /api/v1/public/payments/${ID}`]: payment(status) });
    renderWithProviders(<PaymentReturnBanner paymentId={ID} onDismiss={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(title);
  });
});
