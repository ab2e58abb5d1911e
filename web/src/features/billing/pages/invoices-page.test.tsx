import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildInvoice } from '../../../test/builders.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import InvoicesPage from './invoices-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/v1/public/invoices';

function invoicesFor(url: URL) {
  const page = Number(url.searchParams.get('page'));
  const items = Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => {
    const n = (page - 1) * 20 + i + 1;
    return buildInvoice({
      number: `INV-2026-${String(n).padStart(6, '0')}`,
      // Deposits have no subscription; every invoice opens by its own id.
      ...(n === 1 ? { id: 'deposit-1', subscriptionId: null, kind: 'deposit', description: 'Balance deposit' } : {}),
    });
  });
  return { message: 'Invoices list', payload: { items, total: 25, page, size: 20 } };
}

describe('InvoicesPage', () => {
  it('pages through invoices, 20 at a time, each number opening its own invoice', async () => {
    const fetch = fakeApi({ [LIST]: ({ url }) => invoicesFor(url) });
    renderWithProviders(<InvoicesPage />, { path: '/invoices' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByRole('link', { name: 'INV-2026-000001' })).toHaveAttribute('href', '/invoice/deposit-1');
    const second = within(table).getByRole('link', { name: 'INV-2026-000002' });
    expect(second.getAttribute('href')).toMatch(/^\/invoice\/00000000-/);
    expect(within(table).getAllByText('-$3.50 (SAVE10)').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Nov 21, 2026').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(callsTo(fetch, LIST).at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(callsTo(fetch, LIST).at(-1)!.url.searchParams.get('size')).toBe('20');
  });

  it('sorts by amount and searches, starting again at page 1', async () => {
    const fetch = fakeApi({ [LIST]: ({ url }) => invoicesFor(url) });
    renderWithProviders(<InvoicesPage />, { path: '/invoices' });
    await screen.findByRole('table', { name: 'Invoices' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');

    await userEvent.selectOptions(screen.getByLabelText('Sort invoices'), 'amount_desc');
    await waitFor(() => expect(callsTo(fetch, LIST).at(-1)!.url.searchParams.get('sort')).toBe('amount_desc'));
    expect(callsTo(fetch, LIST).at(-1)!.url.searchParams.get('page')).toBe('1');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'Residential');
    await waitFor(() => expect(callsTo(fetch, LIST).at(-1)!.url.searchParams.get('search')).toBe('Residential'));
  });

  it('has an empty state', async () => {
    fakeApi({ [LIST]: { payload: { items: [], total: 0, page: 1, size: 20 } } });
    renderWithProviders(<InvoicesPage />, { path: '/invoices' });
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });
});
