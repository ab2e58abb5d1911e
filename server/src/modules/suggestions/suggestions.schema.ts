import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';

/** Dashboard suggestion box; the unique day per account is the daily limit (DESIGN §3). */
export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    suggestion: text('suggestion').notNull(),
    /** The UTC day it was sent. */
    day: date('day', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'UTC')::date`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suggestions_account_day_key').on(t.accountId, t.day),
    index('suggestions_created_idx').on(t.createdAt),
  ],
);
