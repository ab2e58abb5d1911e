import type { PlanType } from '@tollgate/contract/plans/plans';
import { and, asc, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { containsPattern } from '#platform/db/search.ts';
import { plans, type PlanRow } from './plans.schema';

export type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const live = isNull(plans.deletedAt);
const byOrder = [asc(plans.sortOrder), asc(plans.createdAt)];

export const plansRepository = {
  async page(
    db: DbOrTx,
    options: { page: number; size: number; search?: string | undefined; type?: PlanType | undefined },
  ) {
    const filters: (SQL | undefined)[] = [live];
    if (options.search) {
      const pattern = containsPattern(options.search);
      filters.push(or(ilike(plans.title, pattern), ilike(plans.provider, pattern)));
    }
    if (options.type) filters.push(eq(plans.type, options.type));
    const where = and(...filters);
    return readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...getTableColumns(plans), pageTotal })
            .from(plans)
            .where(where)
            .orderBy(...byOrder),
        ),
      count: () => countWhere(db, plans, where),
    });
  },

  /** What customers may buy: enabled, not deleted; trial plans only when asked for. */
  async onSale(db: DbOrTx, options: { trial: boolean; customOnly?: boolean }): Promise<PlanRow[]> {
    return db
      .select()
      .from(plans)
      .where(
        and(
          live,
          eq(plans.enabled, true),
          eq(plans.trial, options.trial),
          options.customOnly ? eq(plans.customPlan, true) : undefined,
        ),
      )
      .orderBy(...byOrder);
  },

  async find(db: DbOrTx, id: string, options: { onSaleOnly?: boolean } = {}): Promise<PlanRow | null> {
    const [row] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), live, options.onSaleOnly ? eq(plans.enabled, true) : undefined))
      .limit(1);
    return row ?? null;
  },

  async insert(db: DbOrTx, values: PlanValues): Promise<PlanRow> {
    const [row] = await db.insert(plans).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: string, values: Partial<PlanValues> & { deletedAt?: Date }): Promise<PlanRow | null> {
    const [row] = await db
      .update(plans)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(plans.id, id), live))
      .returning();
    return row ?? null;
  },
};
