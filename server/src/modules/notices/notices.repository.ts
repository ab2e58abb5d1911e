import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts, notices } from '#platform/db/schema.ts';
import { claimDue } from '#platform/jobs/claim-due.ts';
import { invoices } from '../checkout/checkout.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';

/**
 * A worker holds what it took this long. A send that failed stays held until then, so the lease
 * is also the pause before the next try; a crashed worker's notices go out on a later run.
 */
const LEASE_SECONDS = 120;
/** A mail the transport refused this often is left for an operator (it stays unsent in the table). */
export const MAX_ATTEMPTS = 8;

export type ClaimedNotice = Awaited<ReturnType<typeof noticesRepository.claim>>[number];

export const noticesRepository = {
  /** Takes up to `limit` unsent notices, oldest first, that nobody holds and that have tries left. */
  async claim(db: DbOrTx, limit: number) {
    return claimDue(
      db,
      { table: notices, key: [notices.id], claimedUntil: notices.claimedUntil },
      {
        due: and(isNull(notices.sentAt), lt(notices.attempts, MAX_ATTEMPTS)),
        order: [asc(notices.id)],
        limit,
        leaseSeconds: LEASE_SECONDS,
        set: { attempts: sql`${notices.attempts} + 1` },
      },
    ).returning({
      id: notices.id,
      accountId: notices.accountId,
      kind: notices.kind,
      subjectId: notices.subjectId,
      data: notices.data,
      createdAt: notices.createdAt,
    });
  },

  /** Marks notices done in one write: sent, or passed over with the reason. */
  async finish(db: DbOrTx, done: { id: number; skipped: string | null }[]) {
    if (!done.length) return;
    const skipped = sql.join(
      [sql`case ${notices.id}`, ...done.map((d) => sql`when ${d.id} then ${d.skipped}::text`), sql`end`],
      sql` `,
    );
    await db
      .update(notices)
      .set({ sentAt: sql`now()`, skipped, claimedUntil: null })
      .where(
        inArray(
          notices.id,
          done.map((d) => d.id),
        ),
      );
  },

  /** Who each notice goes to, and what they agreed to receive. */
  async recipients(db: DbOrTx, ids: string[]) {
    if (!ids.length) return [];
    return db
      .select({
        id: accounts.id,
        email: accounts.email,
        deletedAt: accounts.deletedAt,
        reminders: accounts.emailReminders,
      })
      .from(accounts)
      .where(inArray(accounts.id, ids));
  },

  async invoices(db: DbOrTx, ids: string[]) {
    if (!ids.length) return [];
    return db
      .select({
        id: invoices.id,
        number: invoices.number,
        kind: invoices.kind,
        subscriptionId: invoices.subscriptionId,
        description: invoices.description,
        planTitle: invoices.planTitle,
        subtotalCents: invoices.subtotalCents,
        discountCents: invoices.discountCents,
        totalCents: invoices.totalCents,
        couponCode: invoices.couponCode,
        paymentMethod: invoices.paymentMethod,
        paidAt: invoices.paidAt,
        expiresAt: subscriptions.expiresAt,
      })
      .from(invoices)
      .leftJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
      .where(inArray(invoices.id, ids));
  },

  async subscriptions(db: DbOrTx, ids: string[]) {
    if (!ids.length) return [];
    return db
      .select({
        id: subscriptions.id,
        title: subscriptions.planTitle,
        expiresAt: subscriptions.expiresAt,
        autoRenew: subscriptions.autoRenew,
        bandwidthGb: subscriptions.bandwidthGb,
        usedBytes: subscriptions.bandwidthUsedBytes,
        proxyUsername: subscriptions.proxyUsername,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.id, ids));
  },
};
export type InvoiceFacts = Awaited<ReturnType<typeof noticesRepository.invoices>>[number];
export type PlanFacts = Awaited<ReturnType<typeof noticesRepository.subscriptions>>[number];
