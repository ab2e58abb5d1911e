import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';

/** Spec §3 Coupon. `usagesLeft` only ever falls through one conditional UPDATE (see redeem). */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    usagesLeft: integer('usages_left').notNull(),
    timesUsed: integer('times_used').notNull().default(0),
    /** Percent off in hundredths of a percent: 1250 = 12.5 %. */
    discountBasisPoints: integer('discount_basis_points').notNull(),
    paymentProcessor: text('payment_processor', { enum: ['all', 'balance', 'stripe', 'crypto'] })
      .notNull()
      .default('all'),
    product: text('product', { enum: ['all', 'residential', 'mobile', 'isp', 'datacenter', 'ipv6'] })
      .notNull()
      .default('all'),
    couponType: text('coupon_type', { enum: ['general', 'personal_code'] })
      .notNull()
      .default('general'),
    userId: uuid('user_id').references(() => accounts.id, { onDelete: 'cascade' }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isPromotion: boolean('is_promotion').notNull().default(false),
    /** Uses one account may take; null for no per-account limit (ADR 012). New codes default to 1. */
    perCustomerLimit: integer('per_customer_limit').default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_key').on(sql`lower(${t.code})`),
    check('coupons_usages_non_negative', sql`${t.usagesLeft} >= 0`),
    check('coupons_discount_range', sql`${t.discountBasisPoints} between 1 and 10000`),
    check('coupons_personal_has_user', sql`(${t.couponType} = 'personal_code') = (${t.userId} is not null)`),
    check('coupons_per_customer_limit_positive', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1`),
  ],
);

/**
 * How often each account used a coupon that has a per-account limit. A use is one upsert that
 * copies the coupon's limit beside the count; the CHECK refuses the statement (and the order it is
 * part of) once the count would pass the limit, so racing orders by one account cannot overrun it.
 */
export const couponAccountUses = pgTable(
  'coupon_account_uses',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    uses: integer('uses').notNull(),
    useLimit: integer('use_limit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.accountId] }),
    check('coupon_account_uses_within_limit', sql`${t.uses} between 0 and ${t.useLimit}`),
  ],
);
export type CouponRow = typeof coupons.$inferSelect;
