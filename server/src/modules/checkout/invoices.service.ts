import type { Bill, InvoiceDocument } from '@tollgate/contract/checkout/invoices';
import { toDollars } from '@tollgate/contract/http/money';
import { notFound } from '#platform/http/errors.ts';
import type { CheckoutDeps } from './checkout.deps';
import { renderBillPdf, renderInvoicePdf } from './bill-pdf';
import { checkoutRepository as repo, type InvoiceSort } from './checkout.repository';
import type { InvoiceRow } from './checkout.schema';
import { toBillCustomer, toInvoice } from './invoice-view';

interface ListQuery {
  page: number;
  size: number;
  search?: string | undefined;
  sort: InvoiceSort;
  status?: InvoiceRow['status'] | undefined;
}

export function createInvoicesService({ db, issuer }: Pick<CheckoutDeps, 'db' | 'issuer'>) {
  /** `accountId` null: staff may read anyone's bill. */
  async function bill(id: string, accountId: string | null): Promise<Bill> {
    const rows = await repo.billInvoices(db, id, accountId);
    if (!rows.length) throw notFound('No such bill');
    const owner = await repo.billTo(db, rows[0]!.accountId);
    if (!owner) throw notFound('No such bill');
    const paid = rows.filter((r) => r.status === 'paid');
    return {
      issuer,
      customer: toBillCustomer(owner),
      invoices: rows.map(toInvoice),
      total: toDollars(paid.reduce((sum, r) => sum + r.totalCents, 0)),
    };
  }

  /** One invoice as its own document; someone else's is as unknown as a missing one. */
  async function invoice(id: string, accountId: string | null): Promise<InvoiceDocument> {
    const row = await repo.ownInvoice(db, id, accountId);
    if (!row) throw notFound('No such invoice');
    const owner = await repo.billTo(db, row.accountId);
    if (!owner) throw notFound('No such invoice');
    return { issuer, customer: toBillCustomer(owner), invoice: toInvoice(row) };
  }

  async function invoicePdf(id: string, accountId: string | null) {
    const document = await invoice(id, accountId);
    const bytes = await renderInvoicePdf(document);
    return { filename: `${document.invoice.number}.pdf`, contentBase64: Buffer.from(bytes).toString('base64') };
  }

  async function billPdf(id: string, accountId: string | null) {
    const document = await bill(id, accountId);
    const bytes = await renderBillPdf(document);
    return {
      filename: `statement-${document.invoices[0]!.number}.pdf`,
      contentBase64: Buffer.from(bytes).toString('base64'),
    };
  }

  return {
    async mine(accountId: string, query: ListQuery) {
      const { rows, total } = await repo.invoicePage(db, { ...query, accountId });
      return { items: rows.map((r) => toInvoice(r.invoice)), total, page: query.page, size: query.size };
    },
    async all(query: ListQuery) {
      const { rows, total } = await repo.invoicePage(db, query);
      return {
        items: rows.map((r) => ({ ...toInvoice(r.invoice), account: r.account })),
        total,
        page: query.page,
        size: query.size,
      };
    },
    bill,
    billPdf,
    invoice,
    invoicePdf,
    async paymentStatus(accountId: string, paymentId: string) {
      const found = await repo.paymentWithInvoice(db, paymentId);
      // Someone else's payment is as unknown as a missing one.
      if (!found || found.payment.accountId !== accountId) throw notFound('No such payment');
      const { payment, invoice } = found;
      return {
        id: payment.id,
        purpose: payment.purpose,
        method: payment.method,
        amount: toDollars(payment.amountCents),
        status: payment.status,
        subscriptionId: invoice.subscriptionId,
      };
    },
  };
}
