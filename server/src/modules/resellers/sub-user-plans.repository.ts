import type { PlanType } from '@tollgate/contract/plans/plans';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { invoices } from '#modules/checkout/checkout.schema.ts';
import { plans } from '#modules/plans/plans.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { resellerSubUsers, resellerTerms } from './resellers.schema';

/** Queries for a reseller's calls on its sub-users' plans (ADR 041). */
export const subUserPlansRepository = {
  /** The catalogue's first plan on sale of a product (enabled, not a trial, not deleted), as the plans page orders them. */
  async firstOnSale(db: DbOrTx, type: PlanType) {
    const [row] = await db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.type, type), eq(plans.enabled, true), eq(plans.trial, false), isNull(plans.deletedAt)))
      .orderBy(asc(plans.sortOrder), asc(plans.createdAt))
      .limit(1);
    return row?.id;
  },
  /**
   * Ends a live plan of this account at once, as staff deletion does (cancelled, removed, no
   * renewal); the gateway refuses it from its next look-up. One conditional statement: of parallel
   * calls the first ends it and the others find nothing to end. Null when it was not live.
   */
  async end(tx: DbOrTx, accountId: string, id: string) {
    const [row] = await tx
      .update(subscriptions)
      .set({ status: 'cancelled', autoRenew: false, deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.id, id),
          eq(subscriptions.accountId, accountId),
          eq(subscriptions.status, 'active'),
          isNull(subscriptions.deletedAt),
          sql`${subscriptions.expiresAt} > now()`,
        ),
      )
      .returning({
        type: subscriptions.planType,
        bandwidthGb: subscriptions.bandwidthGb,
        usedBytes: subscriptions.bandwidthUsedBytes,
      });
    return row ?? null;
  },

  /** Whether this account has the plan at all (ended or not): tells a 404 from a 400. */
  async exists(db: DbOrTx, accountId: string, id: string) {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId)));
    return row !== undefined;
  },

  /** What the payer paid for the plan's GB (paid, not refunded, GB-adding invoices: purchase and added GB). */
  async paidForGb(db: DbOrTx, payerId: string, subscriptionId: string) {
    const [row] = await db
      .select({
        cents: sql<string>`coalesce(sum(${invoices.totalCents}), 0)`,
        gb: sql<string>`coalesce(sum(${invoices.units}), 0)`,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.subscriptionId, subscriptionId),
          eq(invoices.accountId, payerId),
          eq(invoices.status, 'paid'),
          isNull(invoices.refundedAt),
          eq(invoices.unit, 'GB'),
          gt(invoices.units, 0),
        ),
      );
    return { cents: Number(row?.cents ?? 0), gb: Number(row?.gb ?? 0) };
  },

  /** Puts GB back into the reseller's prepaid residential pool; what the pool holds after. */
  async returnPool(tx: DbOrTx, resellerId: string, gb: number): Promise<number> {
    const [row] = await tx
      .insert(resellerTerms)
      .values({ accountId: resellerId, gbValue: gb })
      .onConflictDoUpdate({
        target: resellerTerms.accountId,
        set: { gbValue: sql`${resellerTerms.gbValue} + ${gb}`, updatedAt: sql`now()` },
      })
      .returning({ gb: resellerTerms.gbValue });
    return row!.gb;
  },

  async balanceCents(db: DbOrTx, accountId: string): Promise<number> {
    const [row] = await db.select({ cents: accounts.balanceCents }).from(accounts).where(eq(accounts.id, accountId));
    return row?.cents ?? 0;
  },

  /**
   * Who owns a plan the reseller may act on: the reseller itself or one of its sub-users; null for
   * anyone else's (or a removed plan), which the caller answers as not found.
   */
  async ownerFor(db: DbOrTx, resellerId: string, subscriptionId: string): Promise<string | null> {
    const [row] = await db
      .select({ accountId: subscriptions.accountId })
      .from(subscriptions)
      .leftJoin(resellerSubUsers, eq(resellerSubUsers.accountId, subscriptions.accountId))
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          isNull(subscriptions.deletedAt),
          sql`(${subscriptions.accountId} = ${resellerId} or ${resellerSubUsers.resellerId} = ${resellerId})`,
        ),
      );
    return row?.accountId ?? null;
  },
};

/** For the reseller API's plan calls in the proxies module (wired in app.ts): whose plan the reseller acts on. */
export const resellerPlanOwner = (db: DbOrTx) => (resellerId: string, plan: string) =>
  subUserPlansRepository.ownerFor(db, resellerId, plan);
