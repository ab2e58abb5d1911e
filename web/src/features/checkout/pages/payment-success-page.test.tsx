import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { buildBill, buildInvoice } from '../../../test/builders.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PaymentSuccessPage from './payment-success-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SUB = '5b7c1f0e-0e7e-4a8e-9d55-222222222222';

describe('PaymentSuccessPage', () => {
  it('waits for the webhook, then says the payment was received with a link to the bill', async () => {
    let status: 'pending' | 'paid' = 'pending';
    fakeApi({
      [`GET /api/v1/public/bill/${SUB}`]: () => ({
        message: 'Bill',
        payload: buildBill({ invoices: [buildInvoice({ subscriptionId: SUB, status, paymentMethod: 'stripe' })] }),
      }),
    });
    renderWithProviders(<PaymentSuccessPage />, {
      route: '/dashboard/payment-success/:subscriptionId',
      path: `/dashboard/payment-success/${SUB}`,
    });
    expect(await screen.findByText('Waiting for the payment confirmation')).toBeInTheDocument();
    status = 'paid';
    expect(await screen.findByText('Payment received', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View bill' })).toHaveAttribute('href', `/bill/${SUB}`);
    expect(screen.getByRole('link', { name: 'All invoices' })).toHaveAttribute('href', '/invoices');
    expect(screen.getByText(/\$31\.50/)).toBeInTheDocument();
  });
});
