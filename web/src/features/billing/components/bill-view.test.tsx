import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bill } from '@tollgate/contract/checkout/invoices';
import { buildBill, buildInvoice } from '../../../test/builders.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { BillSource } from '../utils/bill-source.ts';
import { BillList } from './bill-list.tsx';
import { BillView } from './bill-view.tsx';

afterEach(() => vi.restoreAllMocks());

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const source = (bill: Bill = buildBill()): BillSource => ({
  scope: 'customer',
  invoicePath: '/invoice/:invoiceId',
  billPath: '/bill/:subscriptionId',
  load: vi.fn(async () => bill),
  loadInvoice: vi.fn(async (id: string) => ({
    issuer: bill.issuer,
    customer: bill.customer,
    invoice: bill.invoices.find((invoice) => invoice.id === id) ?? bill.invoices[0]!,
  })),
  loadInvoicePdf: vi.fn(async () => ({ filename: 'INV-2026-000001.pdf', contentBase64: btoa('%PDF-1.4\n%test') })),
});

describe('BillView', () => {
  it('prints the document with the lines, discount and total', async () => {
    renderWithProviders(<BillView invoiceId="inv-1" source={source()} back={null} />);
    const doc = await screen.findByTestId('bill-document');
    expect(within(doc).getByRole('heading', { name: 'Invoice' })).toBeInTheDocument();
    expect(within(doc).getAllByText('INV-2026-000001').length).toBeGreaterThan(0);
    expect(within(doc).getByText('Coupon SAVE10')).toBeInTheDocument();
    expect(within(doc).getByText('-$3.50')).toBeInTheDocument();
    expect(within(doc).getByText(/Country: United States/)).toBeInTheDocument();
    // The lines the pricing module wrote, with the table each price came from.
    const lines = within(doc).getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByRole('row', { name: /10 GB/ })).toHaveTextContent(
      '10 GB10 GB × $3.50/GBPlan price$35.00',
    );
    expect(within(doc).getByTestId('bill-total')).toHaveTextContent('$31.50');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('bills the username and email and points to Settings while the billing profile is empty', async () => {
    renderWithProviders(<BillView invoiceId="inv-1" source={source()} back={null} />);
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
    renderWithProviders(<BillView invoiceId="inv-1" source={source(bill)} back={null} />);
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
    renderWithProviders(<BillView invoiceId="inv-1" source={bills} back={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(bills.loadInvoicePdf).toHaveBeenCalledWith('inv-1');
    expect(created[0]!.type).toBe('application/pdf');
    expect(await readText(created[0]!)).toMatch(/^%PDF/);
  });
});

describe('BillList', () => {
  it('lists a plan’s invoices as separate documents, each opening its own number', async () => {
    const invoices = ['INV-2026-000001', 'INV-2026-000002', 'INV-2026-000003'].map((number, i) =>
      buildInvoice({ id: `inv-${i + 1}`, number, total: 10 * (i + 1), description: `Line ${i + 1}` }),
    );
    const bills = source(buildBill({ invoices, total: 60 }));
    renderWithProviders(<BillList subscriptionId="sub-1" source={bills} back={null} />);
    const list = await screen.findByRole('list', { name: 'Invoices' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/invoice/inv-1',
      '/invoice/inv-2',
      '/invoice/inv-3',
    ]);
    expect(links[1]).toHaveTextContent('INV-2026-000002');
    expect(links[1]).toHaveTextContent('$20.00');
    // No document here sums the three invoices as if they were one.
    expect(screen.queryByTestId('bill-document')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bill-total')).not.toBeInTheDocument();
  });

  it('opens one invoice number with exactly its own lines and amount', async () => {
    const invoices = [
      buildInvoice({ id: 'inv-1', number: 'INV-2026-000001', total: 31.5 }),
      buildInvoice({
        id: 'inv-2',
        number: 'INV-2026-000002',
        subtotal: 4.2,
        discount: 0,
        total: 4.2,
        couponCode: null,
        lines: [
          {
            label: '1 GB added',
            quantity: 1,
            per: 'GB',
            unitPrice: 4.2,
            amount: 4.2,
            source: 'renewal-tiers',
            table: 'RenewResiBandwidthPrices',
            note: null,
          },
        ],
      }),
    ];
    renderWithProviders(<BillView invoiceId="inv-2" source={source(buildBill({ invoices }))} back={null} />);
    const doc = await screen.findByTestId('bill-document');
    expect(within(doc).getByText('INV-2026-000002')).toBeInTheDocument();
    expect(within(doc).queryByText('INV-2026-000001')).not.toBeInTheDocument();
    expect(within(doc).getByTestId('bill-total')).toHaveTextContent('$4.20');
    // The plan's other invoices are one link away, as a list of their own documents.
    expect(screen.getByRole('link', { name: 'This plan’s invoices' })).toHaveAttribute(
      'href',
      `/bill/${invoices[1]!.subscriptionId}`,
    );
    const rows = within(within(doc).getByRole('table', { name: 'Invoice lines' })).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('1 GB added1 GB × $4.20/GBRenewal price$4.20');
  });
});
