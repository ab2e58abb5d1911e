import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { buildBill, buildInvoice } from '../../../test/builders.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PaymentSuccessPage from './payment-success-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SUB = '5b7c1f0e-0e7e-4a8e-9d55-222222222222';

describe('PaymentSuccessPage', () => {
  it('waits for the webhook, then says the payment was received with the generator and the invoice one click away', async () => {
    let status: 'pending' | 'paid' = 'pending';
    fakeApi({
      [`GET /api/v1/public/bill/${SUB}`]: () => ({
        message: 'Bill',
        payload: buildBill({
          invoices: [buildInvoice({ id: 'inv-1', subscriptionId: SUB, status, paymentMethod: 'stripe' })],
        }),
      }),
    });
    renderWithProviders(<PaymentSuccessPage />, {
      route: '/dashboard/payment-success/:subscriptionId',
      path: `/dashboard/payment-success/${SUB}`,
    });
    expect(await screen.findByText('Waiting for the payment confirmation')).toBeInTheDocument();
    status = 'paid';
    expect(await screen.findByText('Payment received', {}, { timeout: 4000 })).toBeInTheDocument();
    // The plan just bought opens in the generator; the invoice just paid opens as its own document.
    expect(screen.getByRole('link', { name: 'Open generator' })).toHaveAttribute('href', `/generator/${SUB}`);
    expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', '/invoice/inv-1');
    expect(screen.getByRole('link', { name: 'All invoices' })).toHaveAttribute('href', '/invoices');
    expect(screen.getByText(/\$31\.50/)).toBeInTheDocument();
  });
});
