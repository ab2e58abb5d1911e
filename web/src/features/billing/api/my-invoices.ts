import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { myBill, myInvoice, myInvoicePdf, myInvoices } from '@tollgate/contract/checkout/invoices';
import { call } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import type { BillSource } from '../utils/bill-source.ts';
import { INVOICES_PAGE_SIZE, type InvoicesQuery } from '../utils/invoice-query.ts';

export function useMyInvoices({ page, search, sort }: InvoicesQuery) {
  return useQuery({
    queryKey: ['billing', 'invoices', { page, search, sort }],
    queryFn: ({ signal }) =>
      call(myInvoices, { query: { page, size: INVOICES_PAGE_SIZE, search: search || undefined, sort }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const myBillSource: BillSource = {
  scope: 'customer',
  billPath: paths.bill,
  invoicePath: paths.invoice,
  load: (subscriptionId, signal) => call(myBill, { params: { subscriptionId }, signal }),
  loadInvoice: (invoiceId, signal) => call(myInvoice, { params: { invoiceId }, signal }),
  loadInvoicePdf: (invoiceId) => call(myInvoicePdf, { params: { invoiceId } }),
};
