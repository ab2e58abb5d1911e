import { and, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { accounts, auditLog, ledgerEntries, profiles, sessions, signInEvents } from '#platform/db/schema.ts';
import { invoices, payments } from '#modules/checkout/checkout.schema.ts';
import { plans } from '#modules/plans/plans.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';

export interface Page {
  page: number;
  size: number;
}
const staff = alias(accounts, 'staff');
const staffRef = { id: staff.id, username: staff.username };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the account page shows beside the row itself: one round trip of scalar subqueries. */
export interface AccountFacts {
  lastSeenAt: Date | string | null;
  activePlans: number;
  spentCents: number;
  profile: typeof profiles.$inferSelect | null;
}

/**
 * Queries behind the staff account page (spec §2 /admin/accounts/{userId}); reads only. Each list
 * counts its own table when a page comes back empty: its joins are on a key (left for the staff
 * member, inner on a required key otherwise), so none drops or repeats a row.
 */
export const accountPageRepository = {
  async findLive(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<AccountRow | null> {
    const query = db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async facts(db: DbOrTx, accountId: string): Promise<AccountFacts> {
    const [row] = await db
      .select({
        lastSeenAt: sql<
          Date | string | null
        >`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.accountId} = ${accountId})`,
        activePlans: sql<number>`(select count(*) from ${subscriptions} where ${subscriptions.accountId} = ${accountId}
          and ${subscriptions.deletedAt} is null and ${subscriptions.status} = 'active' and ${subscriptions.expiresAt} > now())`.mapWith(
          Number,
        ),
        spentCents: sql<number>`(select coalesce(sum(${invoices.totalCents}), 0) from ${invoices}
          where ${invoices.accountId} = ${accountId} and ${invoices.status} = 'paid' and ${invoices.kind} in ('purchase', 'renewal'))`.mapWith(
          Number,
        ),
      })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const [profile] = await db.select().from(profiles).where(eq(profiles.accountId, accountId)).limit(1);
    return { ...row!, profile: profile ?? null };
  },

  async subscriptions(db: DbOrTx, accountId: string, page: Page) {
    const where = and(eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt));
    // Every subscription's plan exists (a required key): joining it neither drops nor repeats a row.
    return readPage(page, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({
              subscription: subscriptions,
              plan: {
                minRenewDays: plans.minRenewDays,
                maxRenewDays: plans.maxRenewDays,
                durationDays: plans.durationDays,
              },
              pageTotal,
            })
            .from(subscriptions)
            .innerJoin(plans, eq(plans.id, subscriptions.planId))
            .where(where)
            .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
        ),
      count: () => countWhere(db, subscriptions, where),
    });
  },

  async ledger(db: DbOrTx, accountId: string, page: Page) {
    const where = eq(ledgerEntries.accountId, accountId);
    return readPage(page, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ entry: ledgerEntries, actor: staffRef, pageTotal })
            .from(ledgerEntries)
            .leftJoin(staff, eq(staff.id, ledgerEntries.actorId))
            .where(where)
            .orderBy(desc(ledgerEntries.id)),
        ),
      count: () => countWhere(db, ledgerEntries, where),
    });
  },

  /**
   * The invoices ledger references point at: purchases, renewals and refunds name the invoice,
   * deposits the payment that settled one. Keyed by the reference.
   */
  async ledgerInvoices(db: DbOrTx, accountId: string, references: string[]) {
    const ids = references.filter((ref) => UUID.test(ref));
    const byRef = new Map<string, { id: string; number: string }>();
    if (!ids.length) return byRef;
    const [direct, paid] = await Promise.all([
      db
        .select({ ref: invoices.id, id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), inArray(invoices.id, ids))),
      db
        .select({ ref: payments.id, id: invoices.id, number: invoices.number })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(eq(invoices.accountId, accountId), inArray(payments.id, ids))),
    ]);
    for (const row of [...direct, ...paid]) byRef.set(row.ref, { id: row.id, number: row.number });
    return byRef;
  },

  async invoices(db: DbOrTx, accountId: string, page: Page) {
    const where = eq(invoices.accountId, accountId);
    return readPage(page, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...getTableColumns(invoices), pageTotal })
            .from(invoices)
            .where(where)
            .orderBy(desc(invoices.createdAt), desc(invoices.id)),
        ),
      count: () => countWhere(db, invoices, where),
    });
  },

  async payments(db: DbOrTx, accountId: string, page: Page) {
    const where = eq(payments.accountId, accountId);
    // Every payment's invoice exists (a required key): joining it neither drops nor repeats a row.
    return readPage(page, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ payment: payments, invoiceNumber: invoices.number, pageTotal })
            .from(payments)
            .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
            .where(where)
            .orderBy(desc(payments.createdAt), desc(payments.id)),
        ),
      count: () => countWhere(db, payments, where),
    });
  },

  async signIns(db: DbOrTx, accountId: string, page: Page) {
    const where = eq(signInEvents.accountId, accountId);
    return readPage(page, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...getTableColumns(signInEvents), pageTotal })
            .from(signInEvents)
            .where(where)
            .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id)),
        ),
      count: () => countWhere(db, signInEvents, where),
    });
  },

  /** Rows about the account itself and about any of its plans (deleted ones too: the trail stays). */
  async audit(db: DbOrTx, accountId: string, page: Page) {
    const plansOf = db
      .select({ id: sql`${subscriptions.id}::text` })
      .from(subscriptions)
      .where(eq(subscriptions.accountId, accountId));
    const where = or(
      and(eq(auditLog.targetType, 'account'), eq(auditLog.targetId, accountId)),
      and(eq(auditLog.targetType, 'subscription'), inArray(auditLog.targetId, plansOf)),
    );
    return readPage(page, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ entry: auditLog, actor: staffRef, pageTotal })
            .from(auditLog)
            .leftJoin(staff, eq(staff.id, auditLog.actorId))
            .where(where)
            .orderBy(desc(auditLog.id)),
        ),
      count: () => countWhere(db, auditLog, where),
    });
  },
};
