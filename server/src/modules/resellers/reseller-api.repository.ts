import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { resellerIdempotency, resellerTerms } from './resellers.schema';

/** node-postgres and PGlite both answer raw statements with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const resellerApiRepository = {
  /**
   * Claims an idempotency key inside the caller's transaction. A parallel call with the same key
   * waits on the primary key until this transaction ends: it then finds the stored answer (commit)
   * or claims the key itself (rollback). Null when claimed here.
   */
  async claim(tx: DbOrTx, accountId: string, key: string, requestHash: string) {
    const claimed = await tx
      .insert(resellerIdempotency)
      .values({ accountId, key, requestHash, response: {} })
      .onConflictDoNothing()
      .returning({ key: resellerIdempotency.key });
    if (claimed.length > 0) return null;
    const [prior] = await tx
      .select({ requestHash: resellerIdempotency.requestHash, response: resellerIdempotency.response })
      .from(resellerIdempotency)
      .where(and(eq(resellerIdempotency.accountId, accountId), eq(resellerIdempotency.key, key)));
    return prior!;
  },

  async answer(tx: DbOrTx, accountId: string, key: string, response: unknown) {
    await tx
      .update(resellerIdempotency)
      .set({ response })
      .where(and(eq(resellerIdempotency.accountId, accountId), eq(resellerIdempotency.key, key)));
  },

  /**
   * Takes up to `gb` from the reseller's prepaid residential pool (ADR 021), never below 0: the row
   * is locked, so parallel orders take turns and each sees what the one before it left.
   */
  async takePool(tx: DbOrTx, accountId: string, gb: number): Promise<{ taken: number; left: number }> {
    const rows = rowsOf<{ before: number; after: number }>(
      await tx.execute(sql`
      with old as (select ${resellerTerms.gbValue} as gb from ${resellerTerms} where ${resellerTerms.accountId} = ${accountId} for update)
      update ${resellerTerms} set gb_value = gb_value - least(gb_value, ${gb}), updated_at = now()
      from old where ${resellerTerms.accountId} = ${accountId}
      returning old.gb as before, ${resellerTerms.gbValue} as after`),
    );
    const row = rows[0];
    if (!row) return { taken: 0, left: 0 };
    return { taken: Number(row.before) - Number(row.after), left: Number(row.after) };
  },

  async poolLeft(db: DbOrTx, accountId: string): Promise<number> {
    const [row] = await db
      .select({ gb: resellerTerms.gbValue })
      .from(resellerTerms)
      .where(eq(resellerTerms.accountId, accountId));
    return row?.gb ?? 0;
  },

  /** The plans an account owns, newest first (its own purchases through the API). */
  async plans(db: DbOrTx, accountId: string) {
    return db
      .select({
        id: subscriptions.id,
        title: subscriptions.planTitle,
        type: subscriptions.planType,
        status: subscriptions.status,
        bandwidthGb: subscriptions.bandwidthGb,
        threads: subscriptions.threads,
        usedBytes: subscriptions.bandwidthUsedBytes,
        expiresAt: subscriptions.expiresAt,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(500);
  },
};
