import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { accounts, ledgerEntries, type LedgerKind } from '../db/schema';
import { AppError } from '../http/errors';

export const INSUFFICIENT_BALANCE = 'Your balance is too low for this payment';

export interface LedgerChange {
  accountId: string;
  /** Positive integer cents. */
  amountCents: number;
  kind: LedgerKind;
  reference?: string | null;
  reason?: string | null;
  actorId?: string | null;
}

function assertAmount(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`Ledger amounts are positive integer cents, got ${amountCents}`);
}

async function record(tx: Tx, change: LedgerChange, signed: number, balanceAfterCents: number) {
  await tx.insert(ledgerEntries).values({
    accountId: change.accountId,
    amountCents: signed,
    balanceAfterCents,
    kind: change.kind,
    reference: change.reference ?? null,
    reason: change.reason ?? null,
    actorId: change.actorId ?? null,
  });
  return balanceAfterCents;
}

/**
 * The only way balances change. Each call updates the balance and appends its ledger row inside the
 * caller's transaction, so both commit or neither does. Debits are conditional updates: two payments
 * racing for the same money cannot both succeed, and the balance never goes below zero.
 */
export const ledger = {
  async credit(tx: Tx, change: LedgerChange): Promise<number> {
    assertAmount(change.amountCents);
    const [row] = await tx
      .update(accounts)
      .set({ balanceCents: sql`${accounts.balanceCents} + ${change.amountCents}`, updatedAt: sql`now()` })
      .where(eq(accounts.id, change.accountId))
      .returning({ balanceCents: accounts.balanceCents });
    if (!row) throw new AppError(404, 'Not Found', { error: 'No such account' });
    return record(tx, change, change.amountCents, row.balanceCents);
  },

  async debit(tx: Tx, change: LedgerChange): Promise<number> {
    assertAmount(change.amountCents);
    const [row] = await tx
      .update(accounts)
      .set({ balanceCents: sql`${accounts.balanceCents} - ${change.amountCents}`, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, change.accountId), gte(accounts.balanceCents, change.amountCents)))
      .returning({ balanceCents: accounts.balanceCents });
    if (!row) throw new AppError(400, INSUFFICIENT_BALANCE);
    return record(tx, change, -change.amountCents, row.balanceCents);
  },
};
