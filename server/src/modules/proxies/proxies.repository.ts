import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { settings } from '#platform/db/schema.ts';
import { plans } from '../plans/plans.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { subscriptionWhitelist, whitelistOwners } from './proxies.schema';

const OWN_SERVERS = 'OwnServers';

const planBounds = {
  minRenewDays: plans.minRenewDays,
  maxRenewDays: plans.maxRenewDays,
  durationDays: plans.durationDays,
};

/** The subscription's whitelisted addresses, oldest first, as one array column. */
const whitelist = sql<string[]>`coalesce((
  select array_agg(${subscriptionWhitelist.ip} order by ${subscriptionWhitelist.createdAt}, ${subscriptionWhitelist.ip})
  from ${subscriptionWhitelist} where ${subscriptionWhitelist.subscriptionId} = ${subscriptions.id}), '{}')`;

/**
 * The OwnServers setting, read in the same round trip as the subscription: `stamp` is its exact
 * `updated_at`; its value is sent only when the caller's copy (`knownStamp`) is not that version.
 */
const ownServers = (knownStamp: string | null) => {
  const setting = <T>(column: SQL) =>
    sql<T>`(select ${column} from ${settings} where ${settings.key} = ${OWN_SERVERS})`;
  const stamp = sql`${settings.updatedAt}::text`;
  return {
    stamp: setting<string | null>(stamp),
    value: setting<unknown>(sql`case when ${stamp} = ${knownStamp ?? ''} then null else ${settings.value} end`),
  };
};

export const proxiesRepository = {
  /**
   * One subscription of this account with its whitelist (others' are as unknown as missing ones),
   * and the OwnServers setting unless the caller holds version `knownExitsStamp`.
   */
  async findOwned(db: DbOrTx, id: string, accountId: string, knownExitsStamp: string | null = null) {
    const [row] = await db
      .select({
        subscription: subscriptions,
        plan: planBounds,
        provider: plans.provider,
        whitelist,
        ownServers: ownServers(knownExitsStamp),
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt)))
      .limit(1);
    return row ?? null;
  },

  /** Ids of this account's plans (not removed from the dashboard), newest first. */
  async ownedIds(db: DbOrTx, accountId: string): Promise<string[]> {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt)))
      .orderBy(sql`${subscriptions.createdAt} desc`)
      .limit(200);
    return rows.map((r) => r.id);
  },

  async update(db: DbOrTx, id: string, values: Partial<typeof subscriptions.$inferInsert>) {
    const [row] = await db
      .update(subscriptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id))
      .returning();
    return row ?? null;
  },

  async whitelist(db: DbOrTx, id: string): Promise<{ whitelist: string[]; whitelistLimit: number | null }> {
    const [row] = await db
      .select({ whitelist, whitelistLimit: subscriptions.whitelistLimit })
      .from(subscriptions)
      .where(eq(subscriptions.id, id));
    return row ?? { whitelist: [], whitelistLimit: null };
  },

  /** False when the address is already on this subscription's whitelist. */
  async insertWhitelistIp(db: DbOrTx, id: string, ip: string): Promise<boolean> {
    const rows = await db
      .insert(subscriptionWhitelist)
      .values({ subscriptionId: id, ip })
      .onConflictDoNothing()
      .returning({ ip: subscriptionWhitelist.ip });
    return rows.length === 1;
  },

  /** Takes one whitelist slot with a single conditional update; false when the limit is reached. */
  async takeWhitelistSlot(db: DbOrTx, id: string, defaultLimit: number): Promise<boolean> {
    const rows = await db
      .update(subscriptions)
      .set({ whitelistCount: sql`${subscriptions.whitelistCount} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.id, id),
          sql`${subscriptions.whitelistCount} < coalesce(${subscriptions.whitelistLimit}, ${defaultLimit})`,
        ),
      )
      .returning({ id: subscriptions.id });
    return rows.length === 1;
  },

  /** Removes the address and gives its slot back; false when it was not on the whitelist. */
  async removeWhitelistIp(db: DbOrTx, id: string, ip: string): Promise<boolean> {
    const removed = await db
      .delete(subscriptionWhitelist)
      .where(and(eq(subscriptionWhitelist.subscriptionId, id), eq(subscriptionWhitelist.ip, ip)))
      .returning({ ip: subscriptionWhitelist.ip });
    if (removed.length === 0) return false;
    await db
      .update(subscriptions)
      .set({ whitelistCount: sql`greatest(${subscriptions.whitelistCount} - 1, 0)`, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id));
    return true;
  },

  /**
   * One more whitelist row of this account for the address. False when another account holds it:
   * the upsert only counts up for the same account, and its row lock orders concurrent claims.
   */
  async claimWhitelistOwner(db: DbOrTx, ip: string, accountId: string): Promise<boolean> {
    const claimed = await db
      .insert(whitelistOwners)
      .values({ ip, accountId, refs: 1 })
      .onConflictDoUpdate({
        target: whitelistOwners.ip,
        set: { refs: sql`${whitelistOwners.refs} + 1` },
        setWhere: eq(whitelistOwners.accountId, accountId),
      })
      .returning({ ip: whitelistOwners.ip });
    return claimed.length > 0;
  },

  /** One whitelist row of this account for the address is gone; the last one frees the address. */
  async releaseWhitelistOwner(db: DbOrTx, ip: string, accountId: string): Promise<void> {
    const where = and(eq(whitelistOwners.ip, ip), eq(whitelistOwners.accountId, accountId));
    const freed = await db
      .delete(whitelistOwners)
      .where(and(where, eq(whitelistOwners.refs, 1)))
      .returning({ ip: whitelistOwners.ip });
    if (freed.length === 0) {
      await db
        .update(whitelistOwners)
        .set({ refs: sql`${whitelistOwners.refs} - 1` })
        .where(where);
    }
  },
};
