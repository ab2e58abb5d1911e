import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { invoices, payments, paymentReturns } from './checkout.schema';

type NewReturn = Omit<typeof paymentReturns.$inferInsert, 'id' | 'createdAt' | 'refundedInvoice'>;
type ReturnState = (typeof paymentReturns.$inferSelect)['state'];

/** Money-back SQL (ADR 039); the service decides, inside one transaction. */
export const moneyBackRepository = {
  /** The paid payment a provider's refund or dispute is about, by any id it may be stored under. */
  async paidPayment(tx: DbOrTx, provider: string, refs: string[]) {
    if (refs.length === 0) return null;
    const [row] = await tx
      .select({ id: payments.id, invoiceId: payments.invoiceId, amountCents: payments.amountCents })
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider as 'stripe'),
          inArray(payments.externalId, refs),
          eq(payments.status, 'paid'),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  /** The invoice row locked: every return of one invoice takes its turn, so partial ones add up. */
  async lockInvoice(tx: DbOrTx, invoiceId: string) {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    return row ?? null;
  },

  /** Recorded once per provider id: a repeated delivery inserts nothing and answers null. */
  async insert(tx: DbOrTx, row: NewReturn & { refundedInvoice?: boolean }) {
    const [inserted] = await tx.insert(paymentReturns).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  },

  /** A dispute moving on (open -> lost or won), once: only a row in one of `from` moves. */
  async move(tx: DbOrTx, key: { provider: string; externalId: string }, from: ReturnState[], to: ReturnState) {
    const [row] = await tx
      .update(paymentReturns)
      .set({ state: to, ...(to === 'won' ? { reinstatedAt: sql`now()` } : {}) })
      .where(
        and(
          eq(paymentReturns.provider, key.provider),
          eq(paymentReturns.externalId, key.externalId),
          inArray(paymentReturns.state, from),
        ),
      )
      .returning();
    return row ?? null;
  },

  /** What went back of an invoice and stayed back (a won dispute came home). */
  async returnedCents(tx: DbOrTx, invoiceId: string) {
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${paymentReturns.amountCents}), 0)` })
      .from(paymentReturns)
      .where(and(eq(paymentReturns.invoiceId, invoiceId), ne(paymentReturns.state, 'won')));
    return Number(row?.cents ?? 0);
  },

  /** The payer's balance, its account row locked (after the invoice's, as every money-back takes them). */
  async lockBalance(tx: DbOrTx, accountId: string) {
    const [row] = await tx
      .select({ cents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    return row?.cents ?? 0;
  },

  async setTakenBack(tx: DbOrTx, id: string, change: { recoveredCents: number; shortfallCents: number }) {
    await tx.update(paymentReturns).set(change).where(eq(paymentReturns.id, id));
  },

  async markRefundedInvoice(tx: DbOrTx, id: string) {
    await tx.update(paymentReturns).set({ refundedInvoice: true }).where(eq(paymentReturns.id, id));
  },

  /** The invoice refunded, once (the same conditional update a staff refund makes). */
  async refundInvoice(tx: DbOrTx, invoiceId: string, reason: string) {
    const [row] = await tx
      .update(invoices)
      .set({ refundedAt: sql`now()`, refundMode: 'external', refundReason: reason })
      .where(
        and(
          eq(invoices.id, invoiceId),
          eq(invoices.status, 'paid'),
          ne(invoices.kind, 'deposit'),
          isNull(invoices.refundedAt),
        ),
      )
      .returning();
    return row ?? null;
  },

  /** A won dispute: the sale stands again (its spending counts again, by the spent trigger). */
  async unrefundInvoice(tx: DbOrTx, invoiceId: string) {
    const [row] = await tx
      .update(invoices)
      .set({ refundedAt: null, refundMode: null, refundReason: null })
      .where(and(eq(invoices.id, invoiceId), isNotNull(invoices.refundedAt)))
      .returning();
    return row ?? null;
  },
};
