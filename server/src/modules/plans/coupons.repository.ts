import { and, desc, eq, getTableColumns, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { containsPattern } from '#platform/db/search.ts';
import { placeholdersFor, type WriteStep } from '#platform/db/write-together.ts';
import { couponAccountUses, coupons, type CouponRow } from './coupons.schema';

export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'timesUsed'>;
const USAGES_NON_NEGATIVE = 'coupons_usages_non_negative';
const WITHIN_ACCOUNT_LIMIT = 'coupon_account_uses_within_limit';
const stillValid = or(isNull(coupons.validUntil), gt(coupons.validUntil, sql`now()`));

export const couponsRepository = {
  async page(
    db: DbOrTx,
    options: {
      page: number;
      size: number;
      search?: string | undefined;
      couponType?: CouponRow['couponType'] | undefined;
    },
  ) {
    const filters: (SQL | undefined)[] = [];
    if (options.search) filters.push(ilike(coupons.code, containsPattern(options.search)));
    if (options.couponType) filters.push(eq(coupons.couponType, options.couponType));
    const where = and(...filters);
    return readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...getTableColumns(coupons), pageTotal })
            .from(coupons)
            .where(where)
            .orderBy(desc(coupons.createdAt), desc(coupons.id)),
        ),
      count: () => countWhere(db, coupons, where),
    });
  },

  async find(db: DbOrTx, id: string): Promise<CouponRow | null> {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
    return row ?? null;
  },

  async findByCode(db: DbOrTx, code: string): Promise<CouponRow | null> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(sql`lower(${coupons.code}) = ${code.trim().toLowerCase()}`)
      .limit(1);
    return row ?? null;
  },

  /** Promotions anyone may use now, and this account's personal codes, with uses left. */
  async usableBy(db: DbOrTx, accountId: string): Promise<CouponRow[]> {
    return db
      .select()
      .from(coupons)
      .where(
        and(
          gt(coupons.usagesLeft, 0),
          stillValid,
          or(and(eq(coupons.couponType, 'general'), eq(coupons.isPromotion, true)), eq(coupons.userId, accountId)),
        ),
      )
      .orderBy(desc(coupons.createdAt));
  },

  async insert(db: DbOrTx, values: CouponValues): Promise<CouponRow> {
    const [row] = await db.insert(coupons).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: string, values: CouponValues): Promise<CouponRow | null> {
    const [row] = await db
      .update(coupons)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(coupons.id, id))
      .returning();
    return row ?? null;
  },

  async remove(db: DbOrTx, id: string): Promise<CouponRow | null> {
    const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning();
    return row ?? null;
  },

  /** Uses this account took of a coupon with a per-account limit (0 when none, or no limit). */
  async usesBy(db: DbOrTx, couponId: string, accountId: string): Promise<number> {
    const [row] = await db
      .select({ uses: couponAccountUses.uses })
      .from(couponAccountUses)
      .where(and(eq(couponAccountUses.couponId, couponId), eq(couponAccountUses.accountId, accountId)));
    return row?.uses ?? 0;
  },

  /**
   * Takes one use, as steps of a statement (`preparedWrite`) bound with `valuesFor('coupon_use',
   * { id, accountId })`. The coupons' CHECK (usages_left >= 0) refuses the whole statement when none
   * is left; the account's count is one upsert that carries the coupon's current limit, and its
   * CHECK (uses <= use_limit) refuses the statement when this account has used its share. Racing
   * orders by one account queue on the count's row, so they never take more than the limit.
   */
  useSteps(db: DbOrTx, errors: { usedUp: () => Error; limitReached: () => Error }): WriteStep[] {
    const p = placeholdersFor('coupon_use', ['id', 'accountId']);
    const use = db
      .update(coupons)
      .set({
        usagesLeft: sql`${coupons.usagesLeft} - 1`,
        timesUsed: sql`${coupons.timesUsed} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(coupons.id, p.id));
    return [
      {
        name: 'coupon_use',
        query: use.getSQL(),
        refusedBy: { constraint: USAGES_NON_NEGATIVE, error: errors.usedUp },
      },
      {
        name: 'coupon_account_use',
        query: sql`insert into ${couponAccountUses} (coupon_id, account_id, uses, use_limit)
          select id, ${p.accountId}::uuid, 1, per_customer_limit from ${coupons}
          where id = ${p.id} and per_customer_limit is not null
          on conflict (coupon_id, account_id) do update
          set uses = ${couponAccountUses}.uses + 1, use_limit = excluded.use_limit`,
        refusedBy: { constraint: WITHIN_ACCOUNT_LIMIT, error: errors.limitReached },
      },
    ];
  },

  /** Returns a use taken by a checkout that never completed, to the coupon and to the account's count. */
  async giveBackOneUse(db: DbOrTx, id: string, accountId: string): Promise<void> {
    await db
      .update(coupons)
      .set({
        usagesLeft: sql`${coupons.usagesLeft} + 1`,
        timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)`,
        updatedAt: sql`now()`,
      })
      .where(eq(coupons.id, id));
    await db
      .update(couponAccountUses)
      .set({ uses: sql`greatest(${couponAccountUses.uses} - 1, 0)` })
      .where(and(eq(couponAccountUses.couponId, id), eq(couponAccountUses.accountId, accountId)));
  },
};
