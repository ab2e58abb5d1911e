import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildBill } from '../../../test/builders.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { BillSource } from '../utils/bill-source.ts';
import { BillView } from './bill-view.tsx';

afterEach(() => vi.restoreAllMocks());

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const source = (bill = buildBill()): BillSource => ({
  scope: 'customer',
  load: vi.fn(async () => bill),
  loadPdf: vi.fn(async () => ({ filename: 'INV-2026-000001.pdf', contentBase64: btoa('%PDF-1.4\n%test') })),
});

describe('BillView', () => {
  it('prints the document with the lines, discount and total', async () => {
    renderWithProviders(<BillView subscriptionId="sub-1" source={source()} back={null} />);
    const doc = await screen.findByTestId('bill-document');
    expect(within(doc).getByRole('heading', { name: 'Invoice' })).toBeInTheDocument();
    expect(within(doc).getAllByText('INV-2026-000001').length).toBeGreaterThan(0);
    expect(within(doc).getAllByText('-$3.50 (SAVE10)').length).toBeGreaterThan(0);
    expect(within(doc).getAllByText('United States').length).toBeGreaterThan(0);
    expect(within(doc).getByTestId('bill-total')).toHaveTextContent('$31.50');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('bills the username and email and points to Settings while the billing profile is empty', async () => {
    renderWithProviders(<BillView subscriptionId="sub-1" source={source()} back={null} />);
    expect(await screen.findByTestId('bill-to-name')).toHaveTextContent('customer');
    expect(screen.getByText('customer@tollgate.local')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/my-profile');
  });

  it('prints the billing profile when there is one', async () => {
    const bill = buildBill();
    bill.customer = {
      ...bill.customer,
      legalName: 'Ada',
      legalSurname: 'Lovelace',
      companyName: 'Engines Ltd',
      vatNumber: 'GB123456789',
      country: 'GB',
      billingEmail: 'billing@engines.example',
    };
    renderWithProviders(<BillView subscriptionId="sub-1" source={source(bill)} back={null} />);
    expect(await screen.findByTestId('bill-to-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('VAT GB123456789')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('billing@engines.example')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('downloads the PDF as a file named by the server', async () => {
    const created: Blob[] = [];
    // jsdom has no object URLs; the test provides them for the download link.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:bill';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('INV-2026-000001.pdf');
    });
    const bills = source();
    renderWithProviders(<BillView subscriptionId="sub-1" source={bills} back={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(bills.loadPdf).toHaveBeenCalledWith('sub-1');
    expect(created[0]!.type).toBe('application/pdf');
    expect(await readText(created[0]!)).toMatch(/^%PDF/);
  });
});
