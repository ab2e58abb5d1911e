import type { PlanType } from '@tollgate/contract/plans/plans';
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { containsPattern } from '#platform/db/search.ts';
import { plans } from '../plans/plans.schema';
import { subscriptions, type SubscriptionRow } from './subscriptions.schema';

const columns = {
  subscription: subscriptions,
  plan: { minRenewDays: plans.minRenewDays, maxRenewDays: plans.maxRenewDays, durationDays: plans.durationDays },
  account: { id: accounts.id, username: accounts.username, email: accounts.email },
};

export const staffSubscriptionsRepository = {
  async page(
    db: DbOrTx,
    options: {
      page: number;
      size: number;
      search?: string | undefined;
      type?: PlanType | undefined;
      status?: SubscriptionRow['status'] | undefined;
    },
  ) {
    const filters: (SQL | undefined)[] = [isNull(subscriptions.deletedAt)];
    if (options.type) filters.push(eq(subscriptions.planType, options.type));
    if (options.status) filters.push(eq(subscriptions.status, options.status));
    if (options.search) {
      const pattern = containsPattern(options.search);
      filters.push(
        or(
          ilike(subscriptions.planTitle, pattern),
          ilike(subscriptions.country, pattern),
          ilike(subscriptions.proxyUsername, pattern),
          ilike(accounts.username, pattern),
          ilike(accounts.email, pattern),
        ),
      );
    }
    const where = and(...filters);
    const rows = await db
      .select(columns)
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt))
      .limit(options.size)
      .offset((options.page - 1) * options.size);
    const [total] = await db
      .select({ n: count() })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  },

  async find(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select(columns)
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .where(eq(subscriptions.id, id));
    const [row] = options.lock ? await query.for('update', { of: subscriptions }) : await query;
    return row ?? null;
  },

  async planForGift(db: DbOrTx, planId: string) {
    const [row] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, planId), isNull(plans.deletedAt)));
    return row ?? null;
  },

  async accountExists(db: DbOrTx, id: string) {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)));
    return Boolean(row);
  },
};
