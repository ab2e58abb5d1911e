import { sql, type SQL } from 'drizzle-orm';
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

/**
 * One statement per change: the balance update and its ledger row in a single CTE, so a purchase
 * pays one round trip for the money move. No row back means the guard refused it.
 */
async function move(tx: Tx, change: LedgerChange, signed: number, guard: SQL | undefined): Promise<number | null> {
  const result = await tx.execute<{ balance_after_cents: string | number }>(sql`
    with moved as (
      update ${accounts}
      set balance_cents = balance_cents + ${signed}, updated_at = now()
      where id = ${change.accountId} ${guard ? sql`and ${guard}` : sql``}
      returning id, balance_cents
    )
    insert into ${ledgerEntries} (account_id, amount_cents, balance_after_cents, kind, reference, reason, actor_id)
    select id, ${signed}, balance_cents, ${change.kind}, ${change.reference ?? null}, ${change.reason ?? null}, ${change.actorId ?? null}
    from moved
    returning balance_after_cents`);
  const [row] = (result as unknown as { rows: { balance_after_cents: string | number }[] }).rows;
  return row ? Number(row.balance_after_cents) : null;
}

/**
 * The only way balances change. Each call updates the balance and appends its ledger row inside the
 * caller's transaction, so both commit or neither does. Debits are conditional updates: two payments
 * racing for the same money cannot both succeed, and the balance never goes below zero.
 */
export const ledger = {
  async credit(tx: Tx, change: LedgerChange): Promise<number> {
    assertAmount(change.amountCents);
    const balance = await move(tx, change, change.amountCents, undefined);
    if (balance === null) throw new AppError(404, 'Not Found', { error: 'No such account' });
    return balance;
  },

  async debit(tx: Tx, change: LedgerChange): Promise<number> {
    assertAmount(change.amountCents);
    const balance = await move(tx, change, -change.amountCents, sql`balance_cents >= ${change.amountCents}`);
    if (balance === null) throw new AppError(400, INSUFFICIENT_BALANCE);
    return balance;
  },
};
