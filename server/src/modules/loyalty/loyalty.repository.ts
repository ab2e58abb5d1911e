import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { LoyaltyRule } from '@tollgate/contract/growth/loyalty';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { loyaltyClaims } from './loyalty.schema';
import { queryRows } from '#platform/db/rows.ts';

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
    const [row] = await queryRows<{ exists: boolean; orders: number }>(
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
    const where = eq(loyaltyClaims.accountId, accountId);
    const { rows: items, total } = await readPage(
      { limit, offset },
      {
        rows: ({ pageTotal, slice }) =>
          slice(
            db
              .select({ ...getTableColumns(loyaltyClaims), pageTotal })
              .from(loyaltyClaims)
              .where(where)
              .orderBy(desc(loyaltyClaims.createdAt), desc(loyaltyClaims.id)),
          ),
        count: () => countWhere(db, loyaltyClaims, where),
      },
    );
    return { items, total };
  },

  /** The account row locked: claims and take-backs of one account take turns (ADR 039). */
  async lockAccount(tx: DbOrTx, accountId: string) {
    const [row] = await queryRows<{ balance_cents: string | number; spent_cents: string | number }>(
      tx,
      sql`select balance_cents, spent_cents from accounts where id = ${accountId} for update`,
    );
    return row ? { balanceCents: Number(row.balance_cents), spentCents: Number(row.spent_cents) } : null;
  },

  async accountOfInvoice(tx: DbOrTx, invoiceId: string) {
    const [row] = await queryRows<{ account_id: string }>(
      tx,
      sql`select account_id from invoices where id = ${invoiceId}`,
    );
    return row?.account_id ?? null;
  },

  async heldClaims(tx: DbOrTx, accountId: string) {
    return tx
      .select()
      .from(loyaltyClaims)
      .where(and(eq(loyaltyClaims.accountId, accountId), isNull(loyaltyClaims.revokedAt)));
  },

  async markRevoked(
    tx: DbOrTx,
    id: string,
    change: { reason: string; recoveredCents: number; shortfallCents: number },
  ): Promise<boolean> {
    const rows = await tx
      .update(loyaltyClaims)
      .set({
        revokedAt: sql`now()`,
        revokeReason: change.reason,
        recoveredCents: change.recoveredCents,
        shortfallCents: change.shortfallCents,
      })
      .where(and(eq(loyaltyClaims.id, id), isNull(loyaltyClaims.revokedAt)))
      .returning({ id: loyaltyClaims.id });
    return rows.length > 0;
  },

  /**
   * The unique (account, tier) row decides: a tier already claimed, here or in parallel, adds nothing.
   * A tier taken back by a refund and reached again is claimed again on its row; what the take-back
   * could not recover is set off against it (`set_off`), so the account ends with the reward once.
   */
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
      .onConflictDoUpdate({
        target: [loyaltyClaims.accountId, loyaltyClaims.tierId],
        set: {
          tierName: sql`excluded.tier_name`,
          rule: sql`excluded.rule`,
          threshold: sql`excluded.threshold`,
          rewardCents: sql`excluded.reward_cents`,
          createdAt: sql`now()`,
          revokedAt: null,
          revokeReason: null,
          recoveredCents: 0,
          shortfallCents: 0,
          setOffCents: sql`least(${loyaltyClaims.shortfallCents}, excluded.reward_cents)`,
        },
        setWhere: sql`${loyaltyClaims.revokedAt} is not null`,
      })
      .returning({
        id: loyaltyClaims.id,
        rewardCents: loyaltyClaims.rewardCents,
        setOffCents: loyaltyClaims.setOffCents,
      });
    return row ?? null;
  },
};
