import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { preparedPerHandle } from '#platform/db/prepared.ts';
import { plans } from '../plans/plans.schema';
import { invoices } from '../checkout/checkout.schema';
import { subscriptions } from './subscriptions.schema';

const planBounds = {
  minRenewDays: plans.minRenewDays,
  maxRenewDays: plans.maxRenewDays,
  durationDays: plans.durationDays,
};

// The dashboard's two reads are prepared: every customer page load runs them.
const listFor = preparedPerHandle((db) =>
  db
    .select({ subscription: subscriptions, plan: planBounds })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.accountId, sql.placeholder('accountId')),
        isNull(subscriptions.deletedAt),
        ne(subscriptions.status, 'cancelled'),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .prepare('dashboard_subscriptions'),
);
const spentSince = preparedPerHandle((db) =>
  db
    .select({ cents: sql<string>`coalesce(sum(${invoices.totalCents}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, sql.placeholder('accountId')),
        eq(invoices.status, 'paid'),
        ne(invoices.kind, 'deposit'),
        gte(invoices.paidAt, sql.placeholder('since')),
      ),
    )
    .prepare('dashboard_spent_since'),
);

export const subscriptionsRepository = {
  /** The customer's plans for the dashboard, newest first; removed and never-paid ones left out. */
  async listFor(db: DbOrTx, accountId: string) {
    return listFor(db).execute({ accountId });
  },

  /** One subscription of this account (others' are as unknown as missing ones). */
  async findOwned(db: DbOrTx, id: string, accountId: string) {
    const [row] = await db
      .select({ subscription: subscriptions, plan: planBounds })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt)))
      .limit(1);
    return row ?? null;
  },

  async update(db: DbOrTx, id: string, values: Partial<typeof subscriptions.$inferInsert>) {
    const [row] = await db
      .update(subscriptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id))
      .returning();
    return row ?? null;
  },

  /** Paid purchases and renewals (not deposits) since `since`, cents; all-time spend is on the account. */
  async spentSince(db: DbOrTx, accountId: string, since: Date): Promise<number> {
    const [row] = await spentSince(db).execute({ accountId, since });
    return Number(row?.cents ?? 0);
  },
};
