import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import MyCouponsPage from './my-coupons-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const coupon = {
  id: 'c1',
  code: 'SPRING10',
  usages: 40,
  discount: 12.5,
  paymentProcessor: 'stripe',
  product: 'residential',
  couponType: 'general',
  validityPeriod: '2026-12-31T12:00:00.000Z',
  isPromotion: true,
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe('MyCouponsPage', () => {
  it('lists usable coupons with what they are valid for and a copy button', async () => {
    fakeApi({ 'GET /api/v1/public/coupons': { message: 'Coupons list', payload: { coupons: [coupon] } } });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<MyCouponsPage />, { path: '/my-coupons' });
    expect(await screen.findByText('SPRING10')).toBeInTheDocument();
    expect(screen.getByText('12.5% off')).toBeInTheDocument();
    expect(screen.getByText('Residential')).toBeInTheDocument();
    expect(screen.getByText('Card')).toBeInTheDocument();
    expect(screen.getByText('Promotion')).toBeInTheDocument();
    expect(screen.getByText(/^Dec 31, 2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy coupon code SPRING10' }));
    expect(writeText).toHaveBeenCalledWith('SPRING10');
  });

  it('has an empty state', async () => {
    fakeApi({ 'GET /api/v1/public/coupons': { payload: { coupons: [] } } });
    renderWithProviders(<MyCouponsPage />, { path: '/my-coupons' });
    expect(await screen.findByText('No coupons right now')).toBeInTheDocument();
  });
});
