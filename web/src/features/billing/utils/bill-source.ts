import type { Bill } from '@tollgate/contract/checkout/invoices';

/** Where a bill comes from: the customer's own endpoints or the staff ones, passed in by the page. */
export interface BillSource {
  scope: 'customer' | 'admin';
  load: (subscriptionId: string, signal?: AbortSignal) => Promise<Bill>;
  loadPdf: (subscriptionId: string) => Promise<{ filename: string; contentBase64: string }>;
}
