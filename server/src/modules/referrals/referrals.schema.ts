import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REFERRAL_REFUSALS } from '@tollgate/contract/growth/referrals';
import { accounts } from '#platform/db/schema.ts';
import { invoices } from '../checkout/checkout.schema';

/**
 * Who brought whom (ADR 032): written once, at sign-up, when the code named an account. A sign-up
 * that looks like the referrer themselves is kept with the reason (`refused`) and earns nothing.
 */
export const referrals = pgTable(
  'referrals',
  {
    referredId: uuid('referred_id')
      .primaryKey()
      .references(() => accounts.id),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => accounts.id),
    refused: text('refused', { enum: REFERRAL_REFUSALS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    check('referrals_not_self', sql`${t.referredId} <> ${t.referrerId}`),
  ],
);

/**
 * What a referral claim moved: the rewards it took (`claimed`), what went to cover earlier
 * reversals the balance could not (`set_off`), and the rest, credited through the ledger.
 */
export const referralClaims = pgTable(
  'referral_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    claimedCents: bigint('claimed_cents', { mode: 'number' }).notNull(),
    setOffCents: bigint('set_off_cents', { mode: 'number' }).notNull().default(0),
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_claims_account_idx').on(t.accountId, t.createdAt),
    check(
      'referral_claims_amounts',
      sql`${t.claimedCents} > 0 and ${t.setOffCents} >= 0 and ${t.creditedCents} = ${t.claimedCents} - ${t.setOffCents}`,
    ),
  ],
);

/**
 * One reward per paid purchase or renewal of a counted referral, written by the database trigger
 * `invoices_referral_reward` when the invoice becomes paid (hand-written in the migration), so no
 * payment path can forget it. Pending for the holding period after `earned_at`, then claimable until
 * a claim takes it (`claim_id`); a refund sets `reversed_at` and, if it was claimed, takes back what
 * the balance covers (`recovered`) and records the rest (`shortfall`).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => accounts.id),
    referredId: uuid('referred_id')
      .notNull()
      .references(() => accounts.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    productType: text('product_type', { enum: ['residential', 'mobile', 'isp', 'datacenter', 'ipv6'] }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    baseCents: bigint('base_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    claimId: uuid('claim_id').references(() => referralClaims.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    recoveredCents: bigint('recovered_cents', { mode: 'number' }).notNull().default(0),
    shortfallCents: bigint('shortfall_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // One live reward per invoice; a won dispute restores a reversed one as a new row (ADR 039).
    uniqueIndex('referral_rewards_invoice_key')
      .on(t.invoiceId)
      .where(sql`${t.reversedAt} is null`),
    index('referral_rewards_referrer_idx').on(t.referrerId, t.earnedAt),
    index('referral_rewards_claim_idx').on(t.claimId),
    check('referral_rewards_amount_positive', sql`${t.amountCents} > 0 and ${t.amountCents} <= ${t.baseCents}`),
    check('referral_rewards_rate', sql`${t.rateBps} between 1 and 10000`),
    check(
      'referral_rewards_reversal',
      sql`${t.recoveredCents} >= 0 and ${t.shortfallCents} >= 0 and ${t.recoveredCents} + ${t.shortfallCents} <= ${t.amountCents}`,
    ),
  ],
);
export type ReferralRewardRow = typeof referralRewards.$inferSelect;
