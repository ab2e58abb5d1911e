import type { Bill, InvoiceDocument } from '@tollgate/contract/checkout/invoices';

type Pdf = { filename: string; contentBase64: string };

/** Where bills and invoices come from: the customer's own endpoints or the staff ones, passed in by the page. */
export interface BillSource {
  scope: 'customer' | 'admin';
  /** The route of one invoice document, /invoice/:invoiceId or /admininvoice/:invoiceId. */
  invoicePath: string;
  /** The route of a plan's invoices, /bill/:subscriptionId or /adminbill/:subscriptionId. */
  billPath: string;
  load: (subscriptionId: string, signal?: AbortSignal) => Promise<Bill>;
  loadInvoice: (invoiceId: string, signal?: AbortSignal) => Promise<InvoiceDocument>;
  loadInvoicePdf: (invoiceId: string) => Promise<Pdf>;
}
