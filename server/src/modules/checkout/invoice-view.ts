import type { Bill, Invoice } from '@tollgate/contract/checkout/invoices';
import { toDollars } from '@tollgate/contract/http/money';
import type { InvoiceRow } from './checkout.schema';

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
