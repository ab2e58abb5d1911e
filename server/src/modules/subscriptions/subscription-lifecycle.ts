import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { subscriptions, type SubscriptionRow } from './subscriptions.schema';

export interface NewSubscription {
  accountId: string;
  planId: string;
  planTitle: string;
  planType: SubscriptionRow['planType'];
  country: string;
  bandwidthGb: number;
  threads: number;
  days: number;
}

const DAY_MS = 86_400_000;

/**
 * How a bought subscription comes to life, used by checkout inside its own transaction: balance
 * purchases start active; card and crypto ones wait in pending until their payment settles.
 */
export const subscriptionLifecycle = {
  async create(tx: DbOrTx, input: NewSubscription, options: { active: boolean }): Promise<string> {
    const now = new Date();
    const [row] = await tx
      .insert(subscriptions)
      .values({
        ...input,
        status: options.active ? 'active' : 'pending',
        startsAt: options.active ? now : null,
        expiresAt: options.active ? new Date(now.getTime() + input.days * DAY_MS) : null,
      })
      .returning({ id: subscriptions.id });
    return row!.id;
  },

  /** Starts a pending subscription's clock when its payment lands; a no-op for any other state. */
  async activate(tx: DbOrTx, id: string): Promise<void> {
    await tx
      .update(subscriptions)
      .set({
        status: 'active',
        startsAt: sql`now()`,
        expiresAt: sql`now() + make_interval(days => ${subscriptions.days})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'pending')));
  },

  async cancelPending(tx: DbOrTx, id: string): Promise<void> {
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'pending')));
  },
};
export type SubscriptionLifecycle = typeof subscriptionLifecycle;
