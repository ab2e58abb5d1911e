import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EMPTY_COUPON } from '../utils/coupon-form-values.ts';
import { CouponForm } from './coupon-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = { id: '3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11', username: 'customer', email: 'customer@tollgate.local' };

describe('CouponForm', () => {
  it('creates a personal code for the account picked by search, valid until a local date', async () => {
    const fetch = fakeApi({
      'GET /api/v1/admin/accounts': {
        payload: {
          items: [
            {
              ...ACCOUNT,
              role: 'User',
              reseller: 0,
              balance: 0,
              emailVerified: true,
              twoFactorEnabled: false,
              createdAt: '2026-11-21T10:00:00.000Z',
              lastSeenAt: null,
            },
          ],
          total: 1,
          page: 1,
          size: 8,
        },
      },
      'POST /api/v1/admin/coupons': { message: 'Coupon created', payload: null },
    });
    const { router } = renderWithProviders(<CouponForm initial={EMPTY_COUPON} />, { path: '/admin/coupons/new' });
    await userEvent.type(screen.getByLabelText('Code'), 'ADA-15');
    await userEvent.clear(screen.getByLabelText('Discount (%)'));
    await userEvent.type(screen.getByLabelText('Discount (%)'), '15');
    await userEvent.selectOptions(screen.getByLabelText('Valid for product'), 'residential');
    await userEvent.selectOptions(screen.getByLabelText('Coupon type'), 'personal_code');

    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(screen.getByText('Choose the account for this personal code')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Account'), 'cust');
    await userEvent.click(await screen.findByRole('button', { name: /customer@tollgate\.local/ }));
    expect(screen.getByTestId('picked-account')).toHaveTextContent('customer');
    await userEvent.type(screen.getByLabelText('Valid until'), '2026-12-31T23:59');
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/coupons'));
    expect(callsTo(fetch, 'GET /api/v1/admin/accounts')[0]!.url.searchParams.get('search')).toBe('cust');
    expect(callsTo(fetch, 'POST /api/v1/admin/coupons')[0]!.body).toEqual({
      code: 'ADA-15',
      usages: 100,
      discount: 15,
      paymentProcessor: 'all',
      product: 'residential',
      couponType: 'personal_code',
      userId: ACCOUNT.id,
      validityPeriod: new Date('2026-12-31T23:59').toISOString(),
      isPromotion: false,
      perCustomerLimit: 1,
    });
  });

  it('shows the server message for a taken code', async () => {
    fakeApi({
      'POST /api/v1/admin/coupons': { status: 409, message: 'A coupon with this code exists', payload: { error: 'x' } },
    });
    renderWithProviders(<CouponForm initial={{ ...EMPTY_COUPON, code: 'SPRING10' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A coupon with this code exists');
  });
});
