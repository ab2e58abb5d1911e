import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { containsPattern } from '#platform/db/search.ts';
import { placeholdersFor, type WriteStep } from '#platform/db/write-together.ts';
import { coupons, type CouponRow } from './coupons.schema';

export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'timesUsed'>;
const USAGES_NON_NEGATIVE = 'coupons_usages_non_negative';
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
    const query = db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id));
    const rows =
      options.size === 0 ? await query : await query.limit(options.size).offset((options.page - 1) * options.size);
    const [total] = await db.select({ n: count() }).from(coupons).where(where);
    return { rows, total: total?.n ?? 0 };
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

  /**
   * Takes one use, as a step of a statement (`preparedWrite`) bound with `valuesFor('coupon_use',
   * { id })`. The coupons' CHECK (usages_left >= 0) refuses the whole statement when none is left,
   * so racing purchases never take more uses than usages.
   */
  useStep(db: DbOrTx, usedUp: () => Error): WriteStep {
    const query = db
      .update(coupons)
      .set({
        usagesLeft: sql`${coupons.usagesLeft} - 1`,
        timesUsed: sql`${coupons.timesUsed} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(coupons.id, placeholdersFor('coupon_use', ['id']).id));
    return { name: 'coupon_use', query: query.getSQL(), refusedBy: { constraint: USAGES_NON_NEGATIVE, error: usedUp } };
  },

  /** Returns a use taken by a checkout that never completed. */
  async giveBackOneUse(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(coupons)
      .set({
        usagesLeft: sql`${coupons.usagesLeft} + 1`,
        timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)`,
        updatedAt: sql`now()`,
      })
      .where(eq(coupons.id, id));
  },
};
