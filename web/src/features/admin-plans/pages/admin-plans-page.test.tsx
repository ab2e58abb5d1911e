import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPlan } from '../../../test/builders.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import AdminPlansPage from './admin-plans-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const plan = buildPlan({ title: 'Residential Pro', order: 3 });
const list = { message: 'Plans list', payload: { items: [plan], total: 1, page: 1, size: 20 } };

describe('AdminPlansPage', () => {
  it('hides a plan with the value in the path (spec §4)', async () => {
    const fetch = fakeApi({
      'GET /api/v1/admin/plans': list,
      'POST /api/v1/admin/planhide/hide': { message: 'Updated Successfully', payload: plan },
    });
    renderWithProviders(<AdminPlansPage />, { path: '/admin/plans' });
    const table = await screen.findByRole('table', { name: 'Plans' });
    expect(within(table).getByText('Active')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Residential Pro' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', `/admin/plans/edit/${plan.id}`);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Hide from sale' }));
    await waitFor(() => expect(callsTo(fetch, 'POST /api/v1/admin/planhide/hide')[0]?.body).toEqual({ id: plan.id }));
  });

  it('deletes a plan only after confirming', async () => {
    const fetch = fakeApi({
      'GET /api/v1/admin/plans': list,
      [`DELETE /api/v1/admin/plans/${plan.id}`]: { message: 'Plan deleted', payload: null },
    });
    renderWithProviders(<AdminPlansPage />, { path: '/admin/plans' });
    const table = await screen.findByRole('table', { name: 'Plans' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Residential Pro' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Residential Pro?' });
    expect(callsTo(fetch, `DELETE /api/v1/admin/plans/${plan.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, `DELETE /api/v1/admin/plans/${plan.id}`)).toHaveLength(1);
  });

  it('filters by type', async () => {
    const fetch = fakeApi({ 'GET /api/v1/admin/plans': list });
    renderWithProviders(<AdminPlansPage />, { path: '/admin/plans' });
    await screen.findByRole('table', { name: 'Plans' });
    await userEvent.selectOptions(screen.getByLabelText('Filter by type'), 'isp');
    await waitFor(() =>
      expect(callsTo(fetch, 'GET /api/v1/admin/plans').at(-1)!.url.searchParams.get('type')).toBe('isp'),
    );
  });
});
