import { bigint, date, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { invoices } from '#modules/checkout/checkout.schema.ts';

/**
 * Bytes the gateways metered per UTC day, kept by the trigger `proxy_usage_daily_rollup` on
 * `proxy_usage_hourly` (migration 0029): a year of statistics reads 365 rows, not millions.
 */
export const proxyUsageDaily = pgTable('proxy_usage_daily', {
  day: date('day').primaryKey(),
  bytesIn: bigint('bytes_in', { mode: 'number' }).notNull().default(0),
  bytesOut: bigint('bytes_out', { mode: 'number' }).notNull().default(0),
});

/**
 * One row per paid renewal invoice that added days, written by the trigger
 * `invoices_record_renewal` (migration 0029) when the invoice becomes paid, which both payment paths
 * do before the subscription is extended: `previousExpiresAt` is the end the renewal moved, so the
 * renewal rate can tell a renewal before expiry from a late one after the plan had lapsed.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true }),
  },
  (t) => [index('subscription_renewals_previous_idx').on(t.previousExpiresAt)],
);
