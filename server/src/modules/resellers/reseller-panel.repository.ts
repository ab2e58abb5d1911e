import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { containsPattern } from '#platform/db/search.ts';
import { invoices } from '#modules/checkout/checkout.schema.ts';
import { plans } from '#modules/plans/plans.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { resellerSubUsers } from './resellers.schema';

/** A reseller's orders are its own purchase and renewal invoices: it pays every sale from its balance. */
const ORDER_KINDS = ['purchase', 'renewal'] as const;

const orderColumns = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  updatingType: invoices.updatingType,
  description: invoices.description,
  planTitle: invoices.planTitle,
  planType: invoices.planType,
  units: invoices.units,
  unit: invoices.unit,
  days: invoices.days,
  country: invoices.country,
  totalCents: invoices.totalCents,
  status: invoices.status,
  refundedAt: invoices.refundedAt,
  createdAt: invoices.createdAt,
  subscriptionId: invoices.subscriptionId,
  subUserId: resellerSubUsers.accountId,
  subUsername: accounts.username,
};
/** The plan an invoice names and, through the reseller's own links only, the sub-user who holds it. */
function withOwner<Q extends PgSelect>(query: Q, resellerId: string) {
  return query
    .leftJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .leftJoin(
      resellerSubUsers,
      and(eq(resellerSubUsers.accountId, subscriptions.accountId), eq(resellerSubUsers.resellerId, resellerId)),
    )
    .leftJoin(accounts, eq(accounts.id, resellerSubUsers.accountId));
}

export const resellerPanelRepository = {
  /**
   * The reseller's orders, newest first, each with the sub-user whose plan it made or changed (a
   * plan of the reseller's own account has none). The sub-user is joined through the reseller's own
   * links, so a plan of anyone else can never be named.
   */
  async orders(db: DbOrTx, resellerId: string, options: { page: number; size: number; search?: string | undefined }) {
    const filters: (SQL | undefined)[] = [eq(invoices.accountId, resellerId), inArray(invoices.kind, [...ORDER_KINDS])];
    if (options.search) {
      const pattern = containsPattern(options.search);
      filters.push(
        or(ilike(invoices.number, pattern), ilike(invoices.planTitle, pattern), ilike(accounts.username, pattern)),
      );
    }
    const where = and(...filters);
    return readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          withOwner(
            db
              .select({ ...orderColumns, pageTotal })
              .from(invoices)
              .$dynamic(),
            resellerId,
          )
            .where(where)
            .orderBy(desc(invoices.createdAt), desc(invoices.id)),
        ),
      count: () => withOwner(db.select({ n: count() }).from(invoices).$dynamic(), resellerId).where(where),
    });
  },

  /** Plans a customer could buy (enabled, not deleted, no trials), in the shop's order. */
  async plansOnSale(db: DbOrTx) {
    return db
      .select({
        id: plans.id,
        title: plans.title,
        type: plans.type,
        duration: plans.durationDays,
        serverGeoOptions: plans.serverGeoOptions,
      })
      .from(plans)
      .where(and(isNull(plans.deletedAt), eq(plans.enabled, true), eq(plans.trial, false)))
      .orderBy(asc(plans.sortOrder), asc(plans.createdAt));
  },
};
