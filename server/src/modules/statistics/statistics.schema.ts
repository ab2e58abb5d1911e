import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Per-day roll-up of the figures that add up (money by kind, method and plan; sign-ups), filled on
 * the first read of a closed day (one that ended over an hour ago) and read instead of the invoices
 * from then on; `statistics_daily_done` lists the days it holds. Writes dated into a closed day (a
 * back-dated import) forget that day through triggers (migration 0029), so it is filled again.
 */
export const statisticsDaily = pgTable(
  'statistics_daily',
  {
    day: date('day').notNull(),
    /** deposit | purchase | renewal | refund | signup */
    kind: text('kind').notNull(),
    /** balance | stripe | crypto; '' for sign-ups. */
    method: text('method').notNull(),
    /** The plan's id for purchases and renewals, else ''. */
    plan: text('plan').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.method, t.plan] })],
);
export const statisticsDailyDone = pgTable('statistics_daily_done', {
  day: date('day').primaryKey(),
  /** Rises with every fill: a day forgotten and filled again gets a new one (see `statisticsMemo`). */
  filled: bigint('filled', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
});

/**
 * The answers over closed days of the figures that do not add up day by day (distinct paying
 * customers, the top customers), per window (ADR 040). One is reused while its closed days are the
 * same ones, filled the same way (`mark`: how many of them `statistics_daily_done` holds and their
 * highest `filled`): a write dated into one of them forgets the day, its refill changes the mark.
 * Requests add the live part (the days after `through`) to it.
 */
export const statisticsMemo = pgTable('statistics_memo', {
  key: text('key').primaryKey(),
  /** The first day not covered: the answer is over the window's days before it. */
  through: date('through').notNull(),
  mark: text('mark').notNull(),
  answer: jsonb('answer').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
