import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GIFT_KINDS } from '@tollgate/contract/growth/gifts';
import { accounts } from '#platform/db/schema.ts';
import { plans } from '../plans/plans.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';

/**
 * A gift code (ADR 037). `redeemed` only grows through one conditional update that also checks
 * expiry and the disabled mark, and the CHECK keeps it within `quantity`: a use is taken or not.
 */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case; customers' input is brought to it. */
    code: text('code').notNull(),
    kind: text('kind', { enum: GIFT_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    planId: uuid('plan_id').references(() => plans.id),
    units: integer('units'),
    region: text('region'),
    quantity: integer('quantity').notNull(),
    redeemed: integer('redeemed').notNull().default(0),
    perAccountLimit: integer('per_account_limit').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_codes_code_key').on(t.code),
    index('gift_codes_created_idx').on(t.createdAt),
    check('gift_codes_redeemed_within_quantity', sql`${t.redeemed} between 0 and ${t.quantity}`),
    check('gift_codes_limits', sql`${t.quantity} >= 1 and ${t.perAccountLimit} >= 1`),
    check(
      'gift_codes_worth',
      sql`(${t.kind} = 'balance' and ${t.amountCents} > 0 and ${t.planId} is null) or (${t.kind} = 'plan' and ${t.planId} is not null and ${t.amountCents} is null)`,
    ),
    check('gift_codes_code_upper', sql`${t.code} = upper(${t.code})`),
  ],
);
export type GiftCodeRow = typeof giftCodes.$inferSelect;

/** How often one account used a code: an upsert whose CHECK refuses a use past the limit (as ADR 012). */
export const giftAccountUses = pgTable(
  'gift_account_uses',
  {
    giftId: uuid('gift_id')
      .notNull()
      .references(() => giftCodes.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    uses: integer('uses').notNull(),
    useLimit: integer('use_limit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.giftId, t.accountId] }),
    check('gift_account_uses_within_limit', sql`${t.uses} between 1 and ${t.useLimit}`),
  ],
);

/** Every redemption and what it gave: the ledger row's reference, or the plan started. */
export const giftRedemptions = pgTable(
  'gift_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => giftCodes.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: GIFT_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_redemptions_gift_idx').on(t.giftId, t.createdAt),
    index('gift_redemptions_account_idx').on(t.accountId, t.createdAt),
  ],
);
