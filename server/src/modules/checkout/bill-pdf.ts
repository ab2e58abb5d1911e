import type { Bill } from '@tollgate/contract/checkout/invoices';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

const money = (dollars: number) => `$${dollars.toFixed(2)}`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** The standard PDF fonts speak WinAnsi only; anything else would abort the whole document. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/** The bill as an A4 PDF: issuer, bill-to, one row per invoice, the total. */
export async function renderBillPdf(bill: Bill): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(`Bill ${bill.invoices[0]?.number ?? ''}`.trim());
  pdf.setCreator(bill.issuer.name);

  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const left = 50;
  const write = (text: string, x: number, options: { font?: PDFFont; size?: number; color?: number } = {}) =>
    page.drawText(printable(text), {
      x,
      y,
      size: options.size ?? 10,
      font: options.font ?? regular,
      color: rgb(options.color ?? 0.1, options.color ?? 0.1, options.color ?? 0.12),
    });
  const line = (gap = 14) => {
    y -= gap;
    if (y < 60) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };

  write(bill.issuer.name, left, { font: bold, size: 18 });
  write('INVOICE', 440, { font: bold, size: 18 });
  line(20);
  for (const detail of bill.issuer.details.split('\n').filter(Boolean)) {
    write(detail, left, { color: 0.35 });
    line();
  }
  line(10);

  const c = bill.customer;
  write('Bill to', left, { font: bold });
  line();
  const billTo = [
    [c.legalName, c.legalSurname].filter(Boolean).join(' ') || c.username,
    c.companyName,
    c.vatNumber && `VAT: ${c.vatNumber}`,
    c.billingAddress,
    [c.zipCode, c.city].filter(Boolean).join(' '),
    c.country,
    c.billingEmail || c.email,
    c.phoneNumber,
  ].filter(Boolean) as string[];
  for (const entry of billTo) {
    write(entry, left);
    line();
  }
  line(12);

  const columns = [left, 150, 225, 430, 500];
  ['Number', 'Date', 'Description', 'Discount', 'Total'].forEach((h, i) => write(h, columns[i]!, { font: bold }));
  line(6);
  page.drawLine({ start: { x: left, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
  line(14);
  for (const invoice of bill.invoices) {
    write(invoice.number, columns[0]!);
    write(day(invoice.paidAt ?? invoice.createdAt), columns[1]!);
    write(invoice.description.slice(0, 40), columns[2]!);
    write(invoice.discount ? `-${money(invoice.discount)}` : '-', columns[3]!);
    write(money(invoice.total), columns[4]!);
    line();
    const meta = [
      invoice.country && `Country: ${invoice.country}`,
      invoice.couponCode && `Coupon: ${invoice.couponCode}`,
      `Paid by ${invoice.paymentMethod === 'stripe' ? 'card' : invoice.paymentMethod}`,
      invoice.status !== 'paid' && `Status: ${invoice.status}`,
    ].filter(Boolean) as string[];
    write(meta.join('  |  '), columns[2]!, { size: 8, color: 0.4 });
    line(18);
  }
  page.drawLine({ start: { x: left, y: y + 8 }, end: { x: 545, y: y + 8 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
  line(6);
  write('Total', columns[3]!, { font: bold, size: 12 });
  write(money(bill.total), columns[4]!, { font: bold, size: 12 });
  return pdf.save();
}
