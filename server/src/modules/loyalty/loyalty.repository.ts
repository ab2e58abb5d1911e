import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { LoyaltyRule } from '@tollgate/contract/growth/loyalty';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { loyaltyClaims } from './loyalty.schema';

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Loyalty SQL (ADR 032). */
export const loyaltyRepository = {
  /** Where the account stands under a rule: cents spent (kept exact by a trigger) or paid orders. */
  async progress(db: DbOrTx, accountId: string, rule: LoyaltyRule): Promise<number | null> {
    if (rule === 'lifetime_spend') {
      const [row] = await db
        .select({ cents: accounts.spentCents })
        .from(accounts)
        .where(and(eq(accounts.id, accountId), sql`${accounts.deletedAt} is null`));
      return row ? row.cents : null;
    }
    const [row] = await rowsOf<{ exists: boolean; orders: number }>(
      db,
      sql`select exists (select 1 from accounts where id = ${accountId} and deleted_at is null) as exists,
            (select count(*)::int from invoices where account_id = ${accountId} and status = 'paid' and refunded_at is null
               and kind in ('purchase', 'renewal')) as orders`,
    );
    return row?.exists ? row.orders : null;
  },

  async claimsOf(db: DbOrTx, accountId: string) {
    return db.select().from(loyaltyClaims).where(eq(loyaltyClaims.accountId, accountId));
  },

  async page(db: DbOrTx, accountId: string, limit: number, offset: number) {
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(loyaltyClaims)
        .where(eq(loyaltyClaims.accountId, accountId))
        .orderBy(desc(loyaltyClaims.createdAt), desc(loyaltyClaims.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(loyaltyClaims).where(eq(loyaltyClaims.accountId, accountId)),
    ]);
    return { items, total: total?.n ?? 0 };
  },

  /** The unique (account, tier) row decides: a tier already claimed, here or in parallel, adds nothing. */
  async insertClaim(
    tx: DbOrTx,
    claim: {
      accountId: string;
      tierId: string;
      tierName: string;
      rule: LoyaltyRule;
      threshold: number;
      rewardCents: number;
    },
  ) {
    const [row] = await tx
      .insert(loyaltyClaims)
      .values(claim)
      .onConflictDoNothing({ target: [loyaltyClaims.accountId, loyaltyClaims.tierId] })
      .returning({ id: loyaltyClaims.id, rewardCents: loyaltyClaims.rewardCents });
    return row ?? null;
  },
};
