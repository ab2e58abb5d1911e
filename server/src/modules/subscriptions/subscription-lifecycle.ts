import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { placeholdersFor, valuesFor, type WriteStep } from '#platform/db/write-together.ts';
import { randomSecret, randomSuffix } from '#platform/random.ts';
import { subscriptions, type SubscriptionRow } from './subscriptions.schema';
import { statusAt } from './subscription-view';

export interface NewSubscription {
  accountId: string;
  planId: string;
  planTitle: string;
  planType: SubscriptionRow['planType'];
  country: string;
  bandwidthGb: number;
  threads: number;
  days: number;
  /** Whitelisted IPs allowed; the default when absent (a reseller's plans take its terms, ADR 021). */
  whitelistLimit?: number | null;
}

const DAY_MS = 86_400_000;

/** Proxy credentials: a readable unique user name and a fresh password. */
export const newCredentials = () => ({
  proxyUsername: `tg${randomSuffix()}${randomSuffix()}`,
  proxyPassword: randomSecret(16),
});

/** A new subscription's row: credentials drawn, and the clock started only when it is paid. */
function newRow(input: NewSubscription, options: { active: boolean }) {
  const now = new Date();
  return {
    ...input,
    whitelistLimit: input.whitelistLimit ?? null,
    ...newCredentials(),
    status: options.active ? ('active' as const) : ('pending' as const),
    startsAt: options.active ? now : null,
    expiresAt: options.active ? new Date(now.getTime() + input.days * DAY_MS) : null,
  };
}

const ROW_KEYS = [
  'id',
  'accountId',
  'planId',
  'planTitle',
  'planType',
  'country',
  'bandwidthGb',
  'threads',
  'days',
  'whitelistLimit',
  'proxyUsername',
  'proxyPassword',
  'status',
  'startsAt',
  'expiresAt',
] as const;

/**
 * How a bought subscription comes to life, used by checkout inside its own transaction: balance
 * purchases start active; card and crypto ones wait in pending until their payment settles.
 */
export const subscriptionLifecycle = {
  async create(tx: DbOrTx, input: NewSubscription, options: { active: boolean }): Promise<string> {
    const [row] = await tx.insert(subscriptions).values(newRow(input, options)).returning({ id: subscriptions.id });
    return row!.id;
  },

  /** The same insert as a step of an order's single statement, built once and bound per order. */
  createStep: {
    build: (db: DbOrTx): WriteStep => ({
      name: 'subscription',
      query: db.insert(subscriptions).values(placeholdersFor('subscription', ROW_KEYS)).getSQL(),
    }),
    /** The caller picks the id, so the order's other steps can refer to it. */
    values: (input: NewSubscription & { id: string }, options: { active: boolean }) =>
      valuesFor('subscription', { id: input.id, ...newRow(input, options) }),
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

  /**
   * The customer's subscription for a renewal: locked for paying, so renewals of it queue; read
   * plainly for a quote, which buys nothing.
   */
  async forRenewal(tx: DbOrTx, id: string, accountId: string, options = { lock: true }) {
    const query = tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ? { ...row, status: statusAt(row, new Date()) } : null;
  },

  /**
   * Adds what a renewal bought: days run on from the later of now and the current end (an expired
   * plan starts a fresh period), GB are added, a thread plan takes its new thread count.
   */
  async applyRenewal(tx: DbOrTx, id: string, change: { days: number; addBandwidthGb: number; threads: number | null }) {
    const lapsed = sql`(${subscriptions.status} <> 'active' or ${subscriptions.expiresAt} <= now())`;
    await tx
      .update(subscriptions)
      .set({
        ...(change.days > 0
          ? {
              status: 'active' as const,
              startsAt: sql`case when ${lapsed} then now() else ${subscriptions.startsAt} end`,
              expiresAt: sql`greatest(coalesce(${subscriptions.expiresAt}, now()), now()) + make_interval(days => ${change.days})`,
              days: sql`${subscriptions.days} + ${change.days}`,
            }
          : {}),
        bandwidthGb: sql`${subscriptions.bandwidthGb} + ${change.addBandwidthGb}`,
        ...(change.threads === null ? {} : { threads: change.threads }),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, id));
  },
};
export type SubscriptionLifecycle = typeof subscriptionLifecycle;
