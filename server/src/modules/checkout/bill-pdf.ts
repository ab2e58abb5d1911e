import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Bill, Invoice, InvoiceDocument } from '@tollgate/contract/checkout/invoices';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { dayOf } from '#platform/mail/day.ts';

// The standard PDF fonts speak WinAnsi only ("—", "’", "×" became "?"): DejaVu covers the text we
// print, embedded as a subset so each PDF carries only the glyphs it uses.
const require = createRequire(import.meta.url);
const fontBytes = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
const loadFonts = () => (fonts ??= { regular: fontBytes('DejaVuSans.ttf'), bold: fontBytes('DejaVuSans-Bold.ttf') });

const money = (dollars: number) => `$${dollars.toFixed(2)}`;
const fit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type Writer = ReturnType<typeof startDocument> extends Promise<infer W> ? W : never;

async function startDocument(title: string, heading: string, parties: Pick<Bill, 'issuer' | 'customer'>) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = loadFonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  pdf.setTitle(title);
  pdf.setCreator(parties.issuer.name);
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  const w = {
    pdf,
    bold,
    y: 790,
    left: 50,
    write(text: string, x: number, options: { font?: PDFFont; size?: number; color?: number } = {}) {
      page.drawText(text, {
        x,
        y: w.y,
        size: options.size ?? 10,
        font: options.font ?? regular,
        color: rgb(options.color ?? 0.1, options.color ?? 0.1, options.color ?? 0.12),
      });
    },
    line(gap = 14) {
      w.y -= gap;
      if (w.y < 60) {
        page = pdf.addPage([595.28, 841.89]);
        w.y = 790;
      }
    },
    rule(offset = 0) {
      page.drawLine({
        start: { x: w.left, y: w.y + offset },
        end: { x: 545, y: w.y + offset },
        thickness: 0.5,
        color: rgb(0.7, 0.7, 0.7),
      });
    },
  };
  w.write(parties.issuer.name, w.left, { font: bold, size: 18 });
  w.write(heading, 400, { font: bold, size: 18 });
  w.line(20);
  for (const detail of parties.issuer.details.split('\n').filter(Boolean)) {
    w.write(detail, w.left, { color: 0.35 });
    w.line();
  }
  w.line(10);
  const c = parties.customer;
  w.write('Bill to', w.left, { font: bold });
  w.line();
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
    w.write(entry, w.left);
    w.line();
  }
  w.line(12);
  return w;
}

const metaOf = (invoice: Invoice) =>
  [
    invoice.country && `Country: ${invoice.country}`,
    invoice.couponCode && `Coupon: ${invoice.couponCode}`,
    `Paid by ${invoice.paymentMethod === 'stripe' ? 'card' : invoice.paymentMethod}`,
  ]
    .filter(Boolean)
    .join('  |  ');

function totals(w: Writer, rows: Array<[string, string]>) {
  w.rule(8);
  w.line(6);
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    w.write(label, 380, last ? { font: w.bold, size: 12 } : {});
    w.write(value, 480, last ? { font: w.bold, size: 12 } : {});
    w.line(last ? 14 : 16);
  });
}

/** One invoice number as an A4 PDF: its own lines, amount, issue date and paid status. */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Uint8Array> {
  const { invoice } = document;
  const w = await startDocument(`Invoice ${invoice.number}`, 'INVOICE', document);
  w.write(`No. ${invoice.number}`, w.left, { font: w.bold });
  w.write(`Issued ${dayOf(invoice.createdAt)}`, 200);
  w.write(
    invoice.status === 'paid' && invoice.paidAt ? `Paid ${dayOf(invoice.paidAt)}` : `Status: ${invoice.status}`,
    380,
  );
  w.line();
  w.write(invoice.description, w.left);
  w.line();
  w.write(metaOf(invoice), w.left, { size: 8, color: 0.4 });
  w.line(22);
  const columns = [w.left, 300, 380, 480];
  ['Item', 'Quantity', 'Unit price', 'Amount'].forEach((h, i) => w.write(h, columns[i]!, { font: w.bold }));
  w.line(6);
  w.rule();
  w.line(14);
  for (const line of invoice.lines) {
    w.write(fit(line.label, 45), columns[0]!);
    w.write(`${line.quantity} ${line.per === 'thread' ? 'threads' : line.per}`, columns[1]!);
    w.write(money(line.unitPrice), columns[2]!);
    w.write(money(line.amount), columns[3]!);
    w.line(11);
    w.write(fit([line.note, `Price table: ${line.table}`].filter(Boolean).join(' — '), 95), columns[0]!, {
      size: 7,
      color: 0.45,
    });
    w.line(16);
  }
  totals(w, [
    ['Subtotal', money(invoice.subtotal)],
    ...(invoice.discount ? [['Discount', `-${money(invoice.discount)}`] as [string, string]] : []),
    ['Total', money(invoice.total)],
  ]);
  return w.pdf.save();
}

/** Spec /bill/{subscriptionId} as paper: a statement listing the plan's invoices, each with its own PDF. */
export async function renderBillPdf(bill: Bill): Promise<Uint8Array> {
  const w = await startDocument(`Statement ${bill.invoices[0]?.number ?? ''}`.trim(), 'STATEMENT', bill);
  const columns = [w.left, 150, 225, 430, 480];
  ['Invoice', 'Date', 'Description', 'Status', 'Total'].forEach((h, i) => w.write(h, columns[i]!, { font: w.bold }));
  w.line(6);
  w.rule();
  w.line(14);
  for (const invoice of bill.invoices) {
    w.write(invoice.number, columns[0]!);
    w.write(dayOf(invoice.createdAt), columns[1]!);
    w.write(fit(invoice.description, 38), columns[2]!);
    w.write(invoice.status, columns[3]!);
    w.write(money(invoice.total), columns[4]!);
    w.line();
    w.write(metaOf(invoice), columns[2]!, { size: 8, color: 0.4 });
    w.line(18);
  }
  totals(w, [['Paid', money(bill.total)]]);
  return w.pdf.save();
}
