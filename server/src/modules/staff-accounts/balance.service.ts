import { randomUUID } from 'node:crypto';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import type { Role } from '@tollgate/contract/access/roles';
import { audit } from '#platform/billing/audit-log.ts';
import { INSUFFICIENT_BALANCE, ledger } from '#platform/billing/ledger.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { noticeOutbox } from '#platform/notices/notice-outbox.ts';
import { AppError, notFound } from '#platform/http/errors.ts';
import { fileChangeRequest } from '#platform/billing/change-requests.ts';
import {
  grantedInWindow,
  readStaffLimits,
  recordGrant,
  refuseAbove,
  refuseOutsideCustomers,
  refuseSelf,
} from '#platform/billing/staff-limits.ts';
import { accountsRepository } from '#platform/accounts/accounts.repository.ts';

export const BELOW_ZERO = 'This would take the balance below zero';
export const OWN_BALANCE = 'Staff cannot change their own balance';

/**
 * Moves the balance with its ledger and audit rows inside the caller's transaction. Used directly
 * within the staff limits and by an approved change request (then `actorId` is the requester).
 */
export async function applyBalanceChange(
  tx: Tx,
  change: { actorId: string; userId: string; cents: number; reason: string },
): Promise<number> {
  const { actorId, userId, cents, reason } = change;
  if (!(await accountsRepository.findById(tx, userId))) throw notFound('No such account');
  const move = { accountId: userId, amountCents: Math.abs(cents), kind: 'staff_adjustment' as const, reason, actorId };
  let balance: number;
  try {
    balance = cents > 0 ? await ledger.credit(tx, move) : await ledger.debit(tx, move);
  } catch (error) {
    if (error instanceof AppError && error.message === INSUFFICIENT_BALANCE) throw new AppError(400, BELOW_ZERO);
    throw error;
  }
  await audit(tx, {
    actorId,
    action: 'account.balance.adjust',
    targetType: 'account',
    targetId: userId,
    before: { balanceCents: balance - cents },
    after: { balanceCents: balance },
    reason,
  });
  // The customer hears of it with the amounts; the staff reason stays in the audit log.
  await noticeOutbox.add(tx, {
    accountId: userId,
    kind: 'staff_balance_change',
    eventKey: `staff-balance:${randomUUID()}`,
    data: { cents, balanceAfterCents: balance },
  });
  return balance;
}

export function createBalanceService({ db }: { db: Db }) {
  return {
    /**
     * A staff correction. Never on one's own account, never by a Manager on a staff or reseller
     * account; above `maxBalanceChange` refused for everyone. A Manager's changes to one account add
     * up over `windowHours`: once they would pass `balanceWithoutApproval`, the change becomes a
     * change request and nothing moves.
     */
    async adjust(
      actor: { accountId: string; role: Role },
      input: { userId: string; balanceToAddOrSub: number; reason: string },
    ): Promise<{ balance: number; change: number; requestId?: string }> {
      const cents = toCents(input.balanceToAddOrSub);
      const limits = await readStaffLimits(db);
      refuseAbove(cents, toCents(limits.maxBalanceChange), (max) => `At most $${toDollars(max)} at a time`);
      refuseSelf(actor.accountId, input.userId, OWN_BALANCE);
      return db.transaction(async (tx) => {
        const account = await accountsRepository.findById(tx, input.userId);
        if (!account) throw notFound('No such account');
        refuseOutsideCustomers(actor, account, { selfAllowed: false });
        const grant = { actorId: actor.accountId, accountId: input.userId, kind: 'balance' as const };
        const bounded = actor.role !== 'Administrator';
        const given = bounded ? await grantedInWindow(tx, grant, limits.windowHours) : 0;
        if (!bounded || given + Math.abs(cents) <= toCents(limits.balanceWithoutApproval)) {
          const after = await applyBalanceChange(tx, {
            actorId: actor.accountId,
            userId: input.userId,
            cents,
            reason: input.reason,
          });
          if (bounded) await recordGrant(tx, { ...grant, amount: cents });
          return { balance: toDollars(after), change: toDollars(cents) };
        }
        const request = await fileChangeRequest(tx, {
          kind: 'balance',
          accountId: input.userId,
          amount: cents,
          reason: input.reason,
          requestedBy: actor.accountId,
          before: { balanceCents: account.balanceCents, movedInWindowCents: given },
        });
        return { balance: toDollars(account.balanceCents), change: 0, requestId: request.id };
      });
    },
  };
}
