import { INSUFFICIENT_BALANCE } from '@tollgate/contract/checkout/purchase';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { placeholdersFor, preparedWrite, valuesFor, type WriteStep } from '../db/write-together';
import { accounts, ledgerEntries, type LedgerKind } from '../db/schema';
import { AppError } from '../http/errors';

// The contract holds the message: OpenAPI documents it and the typed client's errors carry it.
export { INSUFFICIENT_BALANCE };
/** The accounts table's CHECK (balance_cents >= 0): the one guard against spending money twice. */
const BALANCE_NON_NEGATIVE = 'accounts_balance_non_negative';

export interface LedgerChange {
  accountId: string;
  /** Positive integer cents. */
  amountCents: number;
  kind: LedgerKind;
  reference?: string | null;
  reason?: string | null;
  actorId?: string | null;
}

const MOVE_KEYS = ['accountId', 'signedCents', 'kind', 'reference', 'reason', 'actorId'] as const;

/**
 * A balance change and its ledger row as two steps of one statement, so the money move costs one
 * round trip and can join an order's other writes. A debit below zero breaks the accounts' CHECK
 * constraint, which refuses the whole statement: nothing of it is written.
 */
function moveSteps(): WriteStep[] {
  const p = placeholdersFor('ledger', MOVE_KEYS);
  return [
    {
      name: 'ledger_balance',
      query: sql`update ${accounts}
        set balance_cents = balance_cents + ${p.signedCents}, updated_at = now()
        where id = ${p.accountId}
        returning id, balance_cents`,
      refusedBy: { constraint: BALANCE_NON_NEGATIVE, error: () => new AppError(400, INSUFFICIENT_BALANCE) },
    },
    {
      name: 'ledger_entry',
      query: sql`insert into ${ledgerEntries} (account_id, amount_cents, balance_after_cents, kind, reference, reason, actor_id)
        select id, ${p.signedCents}, balance_cents, ${p.kind}, ${p.reference}, ${p.reason}, ${p.actorId}
        from ledger_balance
        returning balance_after_cents`,
    },
  ];
}

function moveValues(change: LedgerChange, sign: 1 | -1) {
  if (!Number.isSafeInteger(change.amountCents) || change.amountCents <= 0)
    throw new Error(`Ledger amounts are positive integer cents, got ${change.amountCents}`);
  return valuesFor('ledger', {
    accountId: change.accountId,
    signedCents: sign * change.amountCents,
    kind: change.kind,
    reference: change.reference ?? null,
    reason: change.reason ?? null,
    actorId: change.actorId ?? null,
  });
}

/** What the steps leave: the balance after the move, or no row when the account does not exist. */
const balanceAfter = sql`select balance_after_cents from ledger_entry`;
/** The same balance as one value, for other steps of the statement and its result. */
const balanceLeft = sql<string>`(select balance_after_cents from ledger_entry)`;

const moveBalance = preparedWrite('ledger_move', () => ({ steps: moveSteps(), result: balanceAfter }));

async function move(db: DbOrTx, change: LedgerChange, sign: 1 | -1): Promise<number> {
  const row = await moveBalance<{ balance_after_cents: string | number }>(db, moveValues(change, sign));
  if (!row) throw new AppError(404, 'Not Found', { error: 'No such account' });
  return Number(row.balance_after_cents);
}

/**
 * The only way balances change. Each change updates the balance and appends its ledger row in one
 * statement, so both land or neither does; inside a caller's transaction they commit with it. Two
 * debits racing for the same money queue on the account row and the second one to exceed the
 * balance is refused, so the balance never goes below zero.
 */
export const ledger = {
  credit: (db: DbOrTx, change: LedgerChange) => move(db, change, 1),

  debit: (db: DbOrTx, change: LedgerChange) => move(db, change, -1),

  /**
   * A debit as steps of a larger write (an order): `steps` build it, `values` bind it and
   * `balanceLeft` is the balance it leaves, as a value the other steps may read (its steps' names
   * stay here). The steps are guarded by nothing but the constraint, so a refused debit takes the
   * rest of the order with it.
   */
  debitSteps: { build: moveSteps, values: (change: LedgerChange) => moveValues(change, -1), balanceLeft },
};
