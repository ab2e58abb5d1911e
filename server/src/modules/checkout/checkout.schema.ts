import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PriceLineCents } from '#platform/billing/price-lines.ts';
import { accounts } from '#platform/db/schema.ts';
import { coupons } from '../plans/coupons.schema';
import { plans } from '../plans/plans.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';

/** Unique, increasing invoice numbers without a hot counter row (ADR 006). */
export const invoiceNumbers = pgSequence('invoice_number_seq', { startWith: 1 });

export const INVOICE_KINDS = ['purchase', 'renewal', 'deposit'] as const;
export const INVOICE_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export const PAYMENT_METHODS = ['balance', 'stripe', 'crypto'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'cryptomus', 'sandbox'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What a customer was charged, priced once by platform/billing/pricing and never recomputed. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    planId: uuid('plan_id').references(() => plans.id),
    description: text('description').notNull(),
    planTitle: text('plan_title'),
    planType: text('plan_type', { enum: ['residential', 'mobile', 'isp', 'datacenter', 'ipv6'] }),
    units: integer('units'),
    unit: text('unit', { enum: ['GB', 'threads', 'package'] }),
    days: integer('days'),
    /** Renewals: what the payment buys, applied when it settles. */
    updatingType: text('updating_type', { enum: ['renew', 'extend', 'bandwidth'] }),
    country: text('country'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    /** The priced lines (ADR 016), in cents as the pricing module made them; null on older invoices. */
    lines: jsonb('lines').$type<PriceLineCents[]>(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A refund or charge-back of a paid purchase or renewal (ADR 032): the invoice stays paid, as a
     * sale stays a sale; the refund is its own event. Set once, by a conditional update.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundMode: text('refund_mode', { enum: ['balance', 'external'] }),
    refundReason: text('refund_reason'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_account_idx').on(t.accountId, t.createdAt),
    index('invoices_subscription_idx').on(t.subscriptionId),
    index('invoices_created_idx').on(t.createdAt),
    // Statistics (migration 0029): paid invoices by when they were paid, every figure read from the index.
    index('invoices_paid_stats_idx')
      .on(t.paidAt, t.kind, t.paymentMethod, t.totalCents, t.accountId, t.planId)
      .where(sql`${t.status} = 'paid'`),
    // Statistics (migration 0031): paid invoices per account in time order, so distinct payers and top
    // customers aggregate in index order (no sort, no hash of every account).
    index('invoices_paid_account_idx')
      .on(t.accountId, t.paidAt, t.kind, t.totalCents)
      .where(sql`${t.status} = 'paid'`),
    check(
      'invoices_amounts',
      sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}`,
    ),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Money arriving from a card or crypto provider. Created before the provider is called; settled by
 * one conditional update, so a callback counts once however often it arrives (DESIGN §3).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    purpose: text('purpose', { enum: ['deposit', 'purchase'] }).notNull(),
    method: text('method', { enum: ['stripe', 'crypto'] }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for the checkout; set once the provider answers. */
    externalId: text('external_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_external_key').on(t.provider, t.externalId),
    index('payments_account_idx').on(t.accountId, t.method, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

export const MONEY_BACK_CAUSES = ['refund', 'dispute'] as const;
/** A refund has succeeded; a dispute is open (funds withdrawn), lost, or won (funds reinstated). */
export const MONEY_BACK_STATES = ['succeeded', 'open', 'lost', 'won'] as const;

/**
 * Money that went back to a payer outside the balance (ADR 039): a refund made at the provider (its
 * dashboard or API), a card dispute, or a refund staff recorded as `external`. One row per provider
 * refund or dispute id, so a callback delivered twenty times records it once. Statistics count the
 * amount on `created_at` and, for a won dispute, give it back on `reinstated_at`.
 */
export const paymentReturns = pgTable(
  'payment_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** stripe | cryptomus | sandbox, or `staff` for a refund staff recorded by hand. */
    provider: text('provider').notNull(),
    /** The provider's refund or dispute id (`re_...`, `du_...`); the invoice id for staff records. */
    externalId: text('external_id').notNull(),
    cause: text('cause', { enum: MONEY_BACK_CAUSES }).notNull(),
    state: text('state', { enum: MONEY_BACK_STATES }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /**
     * A top-up's money back takes the balance it bought back: what the balance covered
     * (`deposit_reversal`) and what it could not (`shortfall`, for staff to settle).
     */
    recoveredCents: bigint('recovered_cents', { mode: 'number' }).notNull().default(0),
    shortfallCents: bigint('shortfall_cents', { mode: 'number' }).notNull().default(0),
    /** Whether this return made the invoice refunded (and took its rewards back). */
    refundedInvoice: boolean('refunded_invoice').notNull().default(false),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reinstatedAt: timestamp('reinstated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_returns_provider_external_key').on(t.provider, t.externalId),
    index('payment_returns_invoice_idx').on(t.invoiceId),
    index('payment_returns_created_idx').on(t.createdAt),
    check('payment_returns_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
