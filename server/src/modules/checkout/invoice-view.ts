import type { Bill, Invoice } from '@tollgate/contract/checkout/invoices';
import { toDollars } from '@tollgate/contract/http/money';
import { toPriceLine } from '#platform/billing/price-lines.ts';
import type { InvoiceRow } from './checkout.schema';

/**
 * Invoices written before lines were kept (and deposits) show one line: what was bought at its
 * subtotal, from the table recorded by nobody, so it claims no source it cannot prove.
 */
function linesOf(row: InvoiceRow): Invoice['lines'] {
  if (row.lines?.length) return row.lines.map(toPriceLine);
  return [
    {
      label: row.description,
      quantity: 1,
      per: 'package',
      unitPrice: toDollars(row.subtotalCents),
      amount: toDollars(row.subtotalCents),
      source: row.kind === 'deposit' ? 'deposit' : row.unit === 'package' ? 'plan-price' : 'plan-tiers',
      table: row.kind === 'deposit' ? 'balance' : 'plan',
      note: null,
    },
  ];
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    subscriptionId: row.subscriptionId,
    description: row.description,
    planTitle: row.planTitle,
    planType: row.planType,
    units: row.units,
    unit: row.unit,
    days: row.days,
    country: row.country,
    subtotal: toDollars(row.subtotalCents),
    discount: toDollars(row.discountCents),
    total: toDollars(row.totalCents),
    couponCode: row.couponCode,
    paymentMethod: row.paymentMethod,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundMode: row.refundMode ?? null,
    lines: linesOf(row),
  };
}

type Profile = Partial<Record<keyof Bill['customer'], string | null>> | null;

export function toBillCustomer(account: { username: string; email: string; profile: Profile }): Bill['customer'] {
  const p = account.profile ?? {};
  return {
    username: account.username,
    email: account.email,
    legalName: p.legalName ?? '',
    legalSurname: p.legalSurname ?? '',
    companyName: p.companyName ?? '',
    vatNumber: p.vatNumber ?? '',
    billingEmail: p.billingEmail ?? '',
    billingAddress: p.billingAddress ?? '',
    city: p.city ?? '',
    zipCode: p.zipCode ?? '',
    country: p.country ?? '',
    phoneNumber: p.phoneNumber ?? '',
  };
}
