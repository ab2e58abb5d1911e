// The books of a purchase bench's buyers after the run, sent to the load generator over the IPC
// channel when it asks ('audit'): it checks them against the answers it got.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../server/src/platform/db/client';
import { accounts, ledgerEntries } from '../server/src/platform/db/schema';
import { invoices } from '../server/src/modules/checkout/checkout.schema';

export interface Books {
  balanceCents: number;
  ledgerCents: number;
  ledgerPurchases: number;
  paidInvoices: number;
}

/** The buyers' balances, their ledger (all of it, and the purchase rows) and their paid invoices. */
export async function booksOf(db: Db, ids: string[]): Promise<Books> {
  const [balance] = await db
    .select({ cents: sql<string>`sum(${accounts.balanceCents})` })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  const [sums] = await db
    .select({
      ledgerCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      purchases: sql<string>`count(*) filter (where ${ledgerEntries.kind} = 'purchase')`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.accountId, ids));
  const [paid] = await db
    .select({ n: count() })
    .from(invoices)
    .where(and(inArray(invoices.accountId, ids), eq(invoices.status, 'paid')));
  return {
    balanceCents: Number(balance!.cents),
    ledgerCents: Number(sums!.ledgerCents),
    ledgerPurchases: Number(sums!.purchases),
    paidInvoices: paid!.n,
  };
}

/** Answers the parent's 'audit' message with what `audit` reads then. */
export function answerAudits(audit: () => Promise<unknown>) {
  process.on('message', (message) => {
    if (message === 'audit') void audit().then((result) => process.send?.({ audit: result }));
  });
}
