import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPlan } from '../../../test/builders.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EMPTY_PLAN, formValuesOf } from '../utils/plan-form-values.ts';
import { PlanForm } from './plan-form.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PlanForm', () => {
  it('checks the plan with the contract schema and the tier rules before sending', async () => {
    const fetch = fakeApi({});
    renderWithProviders(<PlanForm initial={EMPTY_PLAN} />, { path: '/admin/plans/new' });
    await userEvent.clear(screen.getByLabelText('Duration (days)'));
    await userEvent.click(screen.getByLabelText('Bandwidth prices as text'));
    await userEvent.paste('[{"value":0,"price":3}]');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(screen.getByText('Give the plan a title')).toBeInTheDocument();
    expect(screen.getByText('Duration must be a number')).toBeInTheDocument();
    expect(screen.getByText('Tier 1: "from" must be a whole number of at least 1')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates a plan with every field and returns to the list', async () => {
    const fetch = fakeApi({ 'POST /api/v1/admin/plans': { message: 'Plan created', payload: buildPlan() } });
    const { router } = renderWithProviders(<PlanForm initial={EMPTY_PLAN} />, { path: '/admin/plans/new' });
    await userEvent.type(screen.getByLabelText('Title'), 'Mobile 5G');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'mobile');
    await userEvent.click(screen.getByRole('button', { name: 'Add GB tier' }));
    await userEvent.type(screen.getByLabelText('From (GB), tier 1'), '5');
    await userEvent.type(screen.getByLabelText('Price per GB ($), tier 1'), '6.5');
    await userEvent.click(screen.getByRole('switch', { name: 'Trial plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/plans'));
    expect(callsTo(fetch, 'POST /api/v1/admin/plans')[0]!.body).toEqual({
      ...EMPTY_PLAN,
      title: 'Mobile 5G',
      type: 'mobile',
      bandwidthPrices: '[{"value":5,"price":6.5}]',
      price: 0,
      minRenewDays: 1,
      maxRenewDays: 30,
      duration: 30,
      bandwidth: 0,
      throughput: 0,
      threads: 0,
      order: 0,
      currentThreads: 0,
      trial: true,
      customPlan: false,
      supportshow: false,
    });
  });

  it('shows a server refusal in the form when editing', async () => {
    const plan = buildPlan();
    fakeApi({
      [`PATCH /api/v1/admin/plans/${plan.id}`]: {
        status: 400,
        message: 'bandwidthPrices: two tiers start at 1',
        payload: { error: 'x' },
      },
    });
    renderWithProviders(<PlanForm initial={formValuesOf(plan)} planId={plan.id} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bandwidthPrices: two tiers start at 1');
  });
});
