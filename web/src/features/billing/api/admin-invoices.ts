import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminBill, adminInvoice, adminInvoicePdf, adminInvoices } from '@tollgate/contract/checkout/invoices';
import { call } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import type { BillSource } from '../utils/bill-source.ts';
import { INVOICES_PAGE_SIZE, type InvoicesQuery } from '../utils/invoice-query.ts';

export function useAdminInvoices({ page, search, sort, status }: InvoicesQuery) {
  return useQuery({
    queryKey: ['admin', 'invoices', { page, search, sort, status }],
    queryFn: ({ signal }) =>
      call(adminInvoices, {
        query: { page, size: INVOICES_PAGE_SIZE, search: search || undefined, sort, status: status || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const adminBillSource: BillSource = {
  scope: 'admin',
  billPath: paths.adminBill,
  invoicePath: paths.adminInvoice,
  load: (subscriptionId, signal) => call(adminBill, { params: { subscriptionId }, signal }),
  loadInvoice: (invoiceId, signal) => call(adminInvoice, { params: { invoiceId }, signal }),
  loadInvoicePdf: (invoiceId) => call(adminInvoicePdf, { params: { invoiceId } }),
};
