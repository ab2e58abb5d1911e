import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LOYALTY_RULES } from '@tollgate/contract/growth/loyalty';
import { accounts } from '#platform/db/schema.ts';

/**
 * A loyalty tier an account claimed (ADR 032). The unique (account, tier) row is what makes a
 * claim happen once however many arrive together; the tier as it read then is kept beside it.
 */
export const loyaltyClaims = pgTable(
  'loyalty_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    tierId: text('tier_id').notNull(),
    tierName: text('tier_name').notNull(),
    rule: text('rule', { enum: LOYALTY_RULES }).notNull(),
    /** Dollars or orders, as the setting read; shown, never summed. */
    threshold: doublePrecision('threshold').notNull(),
    rewardCents: bigint('reward_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A refund that dropped the account below the tier took it back (ADR 039): what the balance
     * covered (`recovered`) and what it could not (`shortfall`). Reached again, the tier is claimed
     * again on the same row, and the shortfall still kept is set off against it (`set_off`).
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    recoveredCents: bigint('recovered_cents', { mode: 'number' }).notNull().default(0),
    shortfallCents: bigint('shortfall_cents', { mode: 'number' }).notNull().default(0),
    setOffCents: bigint('set_off_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('loyalty_claims_account_tier_key').on(t.accountId, t.tierId),
    index('loyalty_claims_account_idx').on(t.accountId, t.createdAt),
    check('loyalty_claims_reward_positive', sql`${t.rewardCents} > 0`),
    check(
      'loyalty_claims_take_back',
      sql`${t.recoveredCents} >= 0 and ${t.shortfallCents} >= 0 and ${t.recoveredCents} + ${t.shortfallCents} <= ${t.rewardCents} and ${t.setOffCents} between 0 and ${t.rewardCents}`,
    ),
  ],
);
