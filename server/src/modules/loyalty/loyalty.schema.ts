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
  },
  (t) => [
    uniqueIndex('loyalty_claims_account_tier_key').on(t.accountId, t.tierId),
    index('loyalty_claims_account_idx').on(t.accountId, t.createdAt),
    check('loyalty_claims_reward_positive', sql`${t.rewardCents} > 0`),
  ],
);
