import { desc, eq, and, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { invoices } from '#modules/checkout/checkout.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';

/** How much of the customer's account staff see beside a ticket. */
export const SUMMARY_PLANS = 10;
export const SUMMARY_PAYMENTS = 5;

/** Reads for the account summary beside a ticket; deleted accounts too, their tickets stay readable. */
export const ticketCustomerRepository = {
  async account(db: DbOrTx, id: string) {
    const [row] = await db
      .select({
        id: accounts.id,
        username: accounts.username,
        email: accounts.email,
        balanceCents: accounts.balanceCents,
        disabledAt: accounts.disabledAt,
        deletedAt: accounts.deletedAt,
        createdAt: accounts.createdAt,
      })
      .from(accounts)
      .where(eq(accounts.id, id));
    return row ?? null;
  },

  async plans(db: DbOrTx, accountId: string) {
    return db
      .select({
        id: subscriptions.id,
        planTitle: subscriptions.planTitle,
        label: subscriptions.label,
        status: subscriptions.status,
        expiresAt: subscriptions.expiresAt,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt)))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(SUMMARY_PLANS);
  },

  async invoices(db: DbOrTx, accountId: string) {
    return db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        totalCents: invoices.totalCents,
        status: invoices.status,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(eq(invoices.accountId, accountId))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(SUMMARY_PAYMENTS);
  },
};
