import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_key').on(sql`lower(${t.code})`),
    check('coupons_usages_non_negative', sql`${t.usagesLeft} >= 0`),
    check('coupons_discount_range', sql`${t.discountBasisPoints} between 1 and 10000`),
    check('coupons_personal_has_user', sql`(${t.couponType} = 'personal_code') = (${t.userId} is not null)`),
  ],
);
export type CouponRow = typeof coupons.$inferSelect;
