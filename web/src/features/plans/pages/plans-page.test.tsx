import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPlan } from '../../../test/builders.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PlansPage from './plans-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const plans = (list: unknown[]) => ({ message: 'Plans list', encoded: true, payload: { plans: list } });

describe('PlansPage', () => {
  it('shows each plan with its lowest price and a Buy link at its smallest amount', async () => {
    const residential = buildPlan({ title: 'Residential Pro' });
    const isp = buildPlan({
      title: 'Static ISP',
      type: 'isp',
      bandwidthPrices: '',
      threadPrices: '',
      price: 12,
      threads: 10,
    });
    fakeApi({
      'GET /api/v1/public/plans': plans([residential, isp]),
      'GET /api/v1/public/trial-plans': plans([buildPlan({ title: 'Try residential', trial: true })]),
    });
    renderWithProviders(<PlansPage />, { path: '/plans' });

    const card = (await screen.findByRole('heading', { name: 'Residential Pro' })).closest('li')!;
    expect(within(card).getByText('$3.00')).toBeInTheDocument();
    expect(within(card).getByText('from')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Buy Residential Pro' })).toHaveAttribute(
      'href',
      `/purchase-plan/${residential.id}/1`,
    );
    const package_ = screen.getByRole('heading', { name: 'Static ISP' }).closest('li')!;
    expect(within(package_).getByText('$12.00')).toBeInTheDocument();
    expect(within(package_).getByRole('link', { name: 'Buy Static ISP' })).toHaveAttribute(
      'href',
      `/purchase-plan/${isp.id}/1`,
    );
    expect(screen.getByRole('heading', { name: 'Trial plans' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Try residential' })).toBeInTheDocument();
  });

  it('labels plan lengths 1 Day, 1 Month and 1 Year (rule 119)', async () => {
    const fixed = { bandwidthPrices: '', threadPrices: '', price: 12, threads: 10, type: 'isp' as const };
    fakeApi({
      'GET /api/v1/public/plans': plans([
        buildPlan({ ...fixed, title: 'Day pass', duration: 1 }),
        buildPlan({ ...fixed, title: 'Monthly', duration: 30 }),
        buildPlan({ ...fixed, title: 'Yearly', duration: 365 }),
      ]),
      'GET /api/v1/public/trial-plans': plans([]),
    });
    renderWithProviders(<PlansPage />, { path: '/plans' });
    const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;
    expect((await card('Day pass')).textContent).toContain('/ 1 Day');
    expect((await card('Monthly')).textContent).toContain('/ 1 Month');
    expect((await card('Yearly')).textContent).toContain('/ 1 Year');
    expect(screen.queryByText(/\b30 days\b/)).not.toBeInTheDocument();
  });

  it('filters by proxy type and keeps the choice in the address', async () => {
    fakeApi({
      'GET /api/v1/public/plans': plans([
        buildPlan({ title: 'Residential Pro' }),
        buildPlan({ title: 'Mobile 4G', type: 'mobile' }),
      ]),
      'GET /api/v1/public/trial-plans': plans([]),
    });
    const { router } = renderWithProviders(<PlansPage />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mobile' }));
    expect(router.state.location.search).toBe('?type=mobile');
    expect(screen.getByRole('heading', { name: 'Mobile 4G' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Residential Pro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trial plans' })).not.toBeInTheDocument();
  });

  it('says so when nothing is on sale', async () => {
    fakeApi({ 'GET /api/v1/public/plans': plans([]), 'GET /api/v1/public/trial-plans': plans([]) });
    renderWithProviders(<PlansPage />, { path: '/plans' });
    expect(await screen.findByText('No plans on sale right now')).toBeInTheDocument();
  });
});
