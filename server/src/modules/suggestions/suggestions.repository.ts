import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { accountMatching, containsPattern } from '#platform/db/search.ts';
import { suggestions } from './suggestions.schema';

const today = sql`(now() at time zone 'UTC')::date`;

/** Text, username or email containing `search`, typed literally. */
const matching = (search: string | undefined) =>
  search ? or(ilike(suggestions.suggestion, containsPattern(search)), accountMatching(search)) : undefined;

/** The suggestion box's queries: one row per account per UTC day (the unique index is the limit). */
export const suggestionsRepository = {
  /** Null when the account already sent one today (the unique index refused it). */
  async insert(db: DbOrTx, accountId: string, suggestion: string) {
    const [row] = await db
      .insert(suggestions)
      .values({ accountId, suggestion })
      .onConflictDoNothing({ target: [suggestions.accountId, suggestions.day] })
      .returning({ id: suggestions.id });
    return row ?? null;
  },

  async sentToday(db: DbOrTx, accountId: string) {
    const [row] = await db
      .select({ id: suggestions.id })
      .from(suggestions)
      .where(and(eq(suggestions.accountId, accountId), eq(suggestions.day, today)));
    return Boolean(row);
  },

  /** Newest first, id last so pages never overlap, with the customer who wrote each. */
  async page(db: DbOrTx, query: { page: number; size: number; search?: string | undefined }) {
    const where = matching(query.search);
    return readPage(query, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({
              id: suggestions.id,
              suggestion: suggestions.suggestion,
              createdAt: suggestions.createdAt,
              account: { id: accounts.id, username: accounts.username, email: accounts.email },
              pageTotal,
            })
            .from(suggestions)
            .innerJoin(accounts, eq(accounts.id, suggestions.accountId))
            .where(where)
            .orderBy(desc(suggestions.createdAt), desc(suggestions.id)),
        ),
      count: () =>
        db
          .select({ n: count() })
          .from(suggestions)
          .innerJoin(accounts, eq(accounts.id, suggestions.accountId))
          .where(where),
    });
  },

  /** One statement: of parallel deletions of one suggestion exactly one gets the row back. */
  async remove(db: DbOrTx, id: string) {
    const [row] = await db.delete(suggestions).where(eq(suggestions.id, id)).returning({ id: suggestions.id });
    return Boolean(row);
  },
};
