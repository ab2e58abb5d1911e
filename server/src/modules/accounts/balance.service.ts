import { toCents, toDollars } from '@tollgate/contract/http/money';
import { audit } from '#platform/billing/audit-log.ts';
import { INSUFFICIENT_BALANCE, ledger } from '#platform/billing/ledger.ts';
import type { Db } from '#platform/db/client.ts';
import { AppError, notFound } from '#platform/http/errors.ts';
import { accountsRepository } from './accounts.repository';

export const BELOW_ZERO = 'This would take the balance below zero';

export function createBalanceService({ db }: { db: Db }) {
  return {
    /** A staff correction: ledger row and audit row commit with the balance change, or nothing does. */
    async adjust(actorId: string, input: { userId: string; balanceToAddOrSub: number; reason: string }) {
      const cents = toCents(input.balanceToAddOrSub);
      const change = {
        accountId: input.userId,
        amountCents: Math.abs(cents),
        kind: 'staff_adjustment' as const,
        reason: input.reason,
        actorId,
      };
      const after = await db.transaction(async (tx) => {
        if (!(await accountsRepository.findById(tx, input.userId))) throw notFound('No such account');
        let balance: number;
        try {
          balance = cents > 0 ? await ledger.credit(tx, change) : await ledger.debit(tx, change);
        } catch (error) {
          if (error instanceof AppError && error.message === INSUFFICIENT_BALANCE) throw new AppError(400, BELOW_ZERO);
          throw error;
        }
        await audit(tx, {
          actorId,
          action: 'account.balance.adjust',
          targetType: 'account',
          targetId: input.userId,
          before: { balanceCents: balance - cents },
          after: { balanceCents: balance },
          reason: input.reason,
        });
        return balance;
      });
      return { balance: toDollars(after), change: toDollars(cents) };
    },
  };
}
