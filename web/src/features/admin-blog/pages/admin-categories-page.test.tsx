import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCategory } from '@tollgate/contract/content/blog';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import AdminCategoriesPage from './admin-categories-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const category: AdminCategory = {
  id: '3f1c0a52-8f3e-4c1b-9d7a-2b6f5e4d3c21',
  name: 'Scraping',
  slug: 'scraping',
  postCount: 2,
  createdAt: '2026-11-02T10:00:00.000Z',
};
const list = { message: 'Categories list', payload: { items: [category], total: 1, page: 1, size: 20 } };
const remove = `DELETE /api/v1/admin/categories/${category.id}`;

async function askToDelete() {
  const table = await screen.findByRole('table', { name: 'Blog categories' });
  await userEvent.click(within(table).getByRole('button', { name: 'Actions for Scraping' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
  return screen.findByRole('dialog', { name: 'Delete category Scraping?' });
}

describe('AdminCategoriesPage row actions', () => {
  it('says what deleting costs, deletes nothing on Cancel and once on confirm', async () => {
    const fetch = fakeApi({ 'GET /api/v1/admin/categories': list, [remove]: { message: 'Category deleted' } });
    renderWithProviders(<AdminCategoriesPage />, { path: '/admin/category' });

    let dialog = await askToDelete();
    expect(dialog).toHaveTextContent('2 posts use it; they stay and lose this category.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, remove)).toHaveLength(0);

    dialog = await askToDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, remove)).toHaveLength(1);
  });

  it('keeps the dialog open with the server’s refusal, for another try', async () => {
    fakeApi({
      'GET /api/v1/admin/categories': list,
      [remove]: { status: 404, message: 'Unknown category', payload: { error: 'Not Found' } },
    });
    renderWithProviders(<AdminCategoriesPage />, { path: '/admin/category' });
    const dialog = await askToDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(await within(dialog).findByText('Unknown category')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete category' })).toBeEnabled();
  });

  it('edits from the menu in the category dialog', async () => {
    fakeApi({ 'GET /api/v1/admin/categories': list });
    renderWithProviders(<AdminCategoriesPage />, { path: '/admin/category' });
    const table = await screen.findByRole('table', { name: 'Blog categories' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Scraping' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Scraping' })).toBeInTheDocument();
  });
});
