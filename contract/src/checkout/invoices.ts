import { z } from 'zod';
import { ADMINS_AND_MANAGERS, CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, listQuerySchema } from '../http/envelope';
import { PLAN_TYPES } from '../plans/plans';
import { PAYMENT_METHODS } from './payments';
import { priceLineSchema } from './price-lines';

export const INVOICE_SORTS = ['newest', 'oldest', 'amount_desc', 'amount_asc'] as const;
export const INVOICE_KINDS = ['purchase', 'renewal', 'deposit'] as const;
export const INVOICE_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;

export const invoiceSchema = z.object({
  id: z.string(),
  /** Sequential and gap-free per year, e.g. INV-2026-000042. */
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  subscriptionId: z.string().nullable(),
  description: z.string(),
  planTitle: z.string().nullable(),
  planType: z.enum(PLAN_TYPES).nullable(),
  units: z.number().int().nullable(),
  unit: z.enum(['GB', 'threads', 'package']).nullable(),
  days: z.number().int().nullable(),
  country: z.string().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  couponCode: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(INVOICE_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * A paid invoice stays paid (it was a sale); a refund or charge-back is recorded beside it
   * (ADR 032): when, and whether the money went back to the balance or through the provider.
   */
  refundedAt: z.iso.datetime({ offset: true }).nullable(),
  refundMode: z.enum(['balance', 'external']).nullable(),
  /** What was charged, line by line, with the table each price came from; they add up to the subtotal. */
  lines: z.array(priceLineSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const adminInvoiceSchema = invoiceSchema.extend({
  account: z.object({ id: z.string(), username: z.string(), email: z.string() }),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

const invoiceListQuery = listQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(INVOICE_SORTS).default('newest'),
});

export const myInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/invoices',
  roles: CUSTOMERS,
  tag: 'Invoices',
  summary: 'My invoices; search by number or plan; sort by date or amount',
  message: 'Invoices list',
  query: invoiceListQuery,
  payload: listPayloadSchema(invoiceSchema),
});

const issuerSchema = z.object({ name: z.string(), details: z.string() });
const billCustomerSchema = z.object({
  username: z.string(),
  email: z.string(),
  legalName: z.string(),
  legalSurname: z.string(),
  companyName: z.string(),
  vatNumber: z.string(),
  billingEmail: z.string(),
  billingAddress: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
});

/**
 * Spec /bill/{subscriptionId}: the plan's invoices as a list of documents (or the one deposit).
 * Each invoice is its own document (`invoiceDocumentSchema`); `total` is what was paid for the plan.
 */
export const billSchema = z.object({
  issuer: issuerSchema,
  customer: billCustomerSchema,
  /** The subscription's purchase and renewals, oldest first (or the one deposit). */
  invoices: z.array(invoiceSchema),
  total: z.number(),
});
export type Bill = z.infer<typeof billSchema>;

/** One invoice number as a document: its own lines, amount, issue date and paid status. */
export const invoiceDocumentSchema = z.object({
  issuer: issuerSchema,
  customer: billCustomerSchema,
  invoice: invoiceSchema,
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** A bill is addressed by subscription id (spec /bill/{subscriptionId}); a deposit by its invoice id. */
const billParams = z.object({ subscriptionId: z.uuid('Unknown bill') });
const pdfSchema = z.object({ filename: z.string(), contentBase64: z.string() });

export const myBill = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/bill/{subscriptionId}',
  roles: CUSTOMERS,
  tag: 'Invoices',
  summary: 'The bill of one of my subscriptions (or deposits) with my billing profile',
  message: 'Bill',
  params: billParams,
  payload: billSchema,
});

export const myBillPdf = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/bill/{subscriptionId}/pdf',
  roles: CUSTOMERS,
  tag: 'Invoices',
  summary: 'A statement of the plan’s invoices as a PDF (base64); each invoice has its own PDF',
  message: 'Bill PDF',
  params: billParams,
  payload: pdfSchema,
});

const invoiceParams = z.object({ invoiceId: z.uuid('Unknown invoice') });

export const myInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/invoices/{invoiceId}',
  roles: CUSTOMERS,
  tag: 'Invoices',
  summary: 'One of my invoices as a document: its lines, amount, issue date and paid status',
  message: 'Invoice',
  params: invoiceParams,
  payload: invoiceDocumentSchema,
});

export const myInvoicePdf = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/invoices/{invoiceId}/pdf',
  roles: CUSTOMERS,
  tag: 'Invoices',
  summary: 'The same invoice as a PDF (base64)',
  message: 'Invoice PDF',
  params: invoiceParams,
  payload: pdfSchema,
});

export const adminInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/invoices/{invoiceId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: invoices',
  summary: 'Any customer’s invoice as a document',
  message: 'Invoice',
  params: invoiceParams,
  payload: invoiceDocumentSchema,
});

export const adminInvoicePdf = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/invoices/{invoiceId}/pdf',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: invoices',
  summary: 'Any customer’s invoice as a PDF (base64)',
  message: 'Invoice PDF',
  params: invoiceParams,
  payload: pdfSchema,
});

export const adminInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/invoices',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: invoices',
  summary: 'Every invoice; search by number, plan, username or email; filter by status',
  message: 'Invoices list',
  query: invoiceListQuery.extend({ status: z.enum(INVOICE_STATUSES).optional() }),
  payload: listPayloadSchema(adminInvoiceSchema),
});

export const adminBill = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/bill/{subscriptionId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: invoices',
  summary: 'Any customer’s bill (route /adminbill/{subscriptionId})',
  message: 'Bill',
  params: billParams,
  payload: billSchema,
});

export const adminBillPdf = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/bill/{subscriptionId}/pdf',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: invoices',
  summary: 'Any customer’s bill as a PDF (base64)',
  message: 'Bill PDF',
  params: billParams,
  payload: pdfSchema,
});
