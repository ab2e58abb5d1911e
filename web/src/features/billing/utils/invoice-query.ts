import type { INVOICE_SORTS, INVOICE_STATUSES } from '@tollgate/contract/checkout/invoices';

export const INVOICES_PAGE_SIZE = 20;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoicesQuery {
  page: number;
  search: string;
  sort: InvoiceSort;
  status?: InvoiceStatus | '';
}

export const SORT_LABELS: Record<InvoiceSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount_desc: 'Amount: high to low',
  amount_asc: 'Amount: low to high',
};

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
