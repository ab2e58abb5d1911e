import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { alertFirings, alertRules } from './automation.schema';

export type AlertRuleRow = typeof alertRules.$inferSelect;

const lastFired = sql<Date | null>`(select max(${alertFirings.createdAt}) from ${alertFirings} where ${alertFirings.ruleId} = ${alertRules.id})`;

export const alertsRepository = {
  async list(db: DbOrTx, accountId: string, id?: string) {
    return db
      .select({
        rule: alertRules,
        planTitle: sql<string | null>`coalesce(${subscriptions.label}, ${subscriptions.planTitle})`,
        lastFiredAt: lastFired,
      })
      .from(alertRules)
      .leftJoin(subscriptions, eq(subscriptions.id, alertRules.subscriptionId))
      .where(and(eq(alertRules.accountId, accountId), id ? eq(alertRules.id, id) : undefined))
      .orderBy(asc(alertRules.createdAt), asc(alertRules.id));
  },

  async find(db: DbOrTx, accountId: string, id: string) {
    const [row] = await db
      .select()
      .from(alertRules)
      .where(and(eq(alertRules.id, id), eq(alertRules.accountId, accountId)));
    return row ?? null;
  },

  async ownsPlan(db: DbOrTx, accountId: string, subscriptionId: string) {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.accountId, accountId),
          sql`${subscriptions.deletedAt} is null`,
        ),
      );
    return Boolean(row);
  },

  /** Serialises one account's rule writes, so the count checked is the count inserted against. */
  async lockAccount(tx: DbOrTx, accountId: string) {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  },

  async count(tx: DbOrTx, accountId: string) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(alertRules)
      .where(eq(alertRules.accountId, accountId));
    return Number(row?.n ?? 0);
  },

  async insert(tx: DbOrTx, values: typeof alertRules.$inferInsert) {
    const [row] = await tx.insert(alertRules).values(values).returning({ id: alertRules.id });
    return row!.id;
  },

  async update(db: DbOrTx, accountId: string, id: string, values: Partial<typeof alertRules.$inferInsert>) {
    await db
      .update(alertRules)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(alertRules.id, id), eq(alertRules.accountId, accountId)));
  },

  async remove(db: DbOrTx, accountId: string, id: string) {
    const gone = await db
      .delete(alertRules)
      .where(and(eq(alertRules.id, id), eq(alertRules.accountId, accountId)))
      .returning({ id: alertRules.id });
    return gone.length > 0;
  },
};
