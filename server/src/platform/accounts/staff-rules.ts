import type { Role } from '@tollgate/contract/access/roles';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { AppError } from '#platform/http/errors.ts';
import { refuseOutsideCustomers } from '#platform/billing/staff-limits.ts';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';

/** Who is acting in a staff call. */
export interface StaffActor {
  accountId: string;
  role: Role;
}

export const LAST_ADMINISTRATOR_LEFT = 'This would leave no Administrator who can sign in';

const refused = (error: string) => new AppError(403, MESSAGES.forbidden, { error });

/**
 * Spec §6: Managers look after customers. Staff accounts and API resellers (Administrator only,
 * "Resell user") are out of their reach, except their own account where an action allows it.
 */
export function refuseManagerOnStaff(actor: StaffActor, target: AccountRow, options: { selfAllowed: boolean }) {
  refuseOutsideCustomers(actor, target, options);
}

export const refuseStaff = (error: string) => refused(error);

const administrators = (tx: DbOrTx) =>
  tx
    .select({ id: accounts.id, disabledAt: accounts.disabledAt })
    .from(accounts)
    .where(and(eq(accounts.role, 'Administrator'), isNull(accounts.deletedAt)))
    .orderBy(accounts.id)
    .for('update');

/**
 * Call before locking the account itself when the change may take away an Administrator: every
 * Administrator row is locked, always in id order, so two Administrators demoting or disabling each
 * other at once take turns (no deadlock) and the second sees what the first left.
 */
export async function lockAdministratorsIfAdmin(tx: DbOrTx, userId: string): Promise<void> {
  const [row] = await tx.select({ role: accounts.role }).from(accounts).where(eq(accounts.id, userId));
  if (row?.role === 'Administrator') await administrators(tx);
}

/** Refuses when `target` is the last Administrator who can sign in (not disabled). */
export async function refuseLastAdministrator(tx: DbOrTx, target: AccountRow): Promise<void> {
  if (target.role !== 'Administrator') return;
  const others = (await administrators(tx)).filter((a) => a.id !== target.id);
  if (!others.some((a) => a.disabledAt === null)) throw new AppError(400, LAST_ADMINISTRATOR_LEFT);
}
