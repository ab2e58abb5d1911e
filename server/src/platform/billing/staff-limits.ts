import {
  DEFAULT_STAFF_LIMITS,
  STAFF_LIMITS_KEY,
  staffLimitsSchema,
  type StaffLimits,
} from '@tollgate/contract/admin/change-requests';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { settings, staffGrants } from '../db/schema';
import { AppError, badRequest } from '../http/errors';

/**
 * The staff limits as the operator set them, read per request (one primary-key read) so a change
 * holds at once on every instance. Keys the operator left out, or stored wrong, keep their defaults.
 */
export async function readStaffLimits(db: DbOrTx): Promise<StaffLimits> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STAFF_LIMITS_KEY));
  const stored = row?.value;
  const limits = { ...DEFAULT_STAFF_LIMITS };
  if (stored && typeof stored === 'object') {
    const parsed = staffLimitsSchema.partial().safeParse(stored);
    if (parsed.success)
      Object.assign(limits, Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)));
  }
  return limits;
}

/** Absurd amounts are refused for every role, before anything else is looked at. */
export function refuseAbove(value: number, max: number, what: (max: number) => string): void {
  if (Math.abs(value) > max) throw badRequest(what(max));
}

/** Staff never grant themselves money, GB or days: that needs someone else. */
export function refuseSelf(actorId: string, ownerId: string, what: string): void {
  if (actorId === ownerId) throw new AppError(403, MESSAGES.forbidden, { error: what });
}

export const MANAGER_CUSTOMERS_ONLY = 'A Manager can change customer accounts only; ask an Administrator';
export const SUPPORT_CUSTOMERS_ONLY = 'Support can change customer accounts only; ask an Administrator';

/**
 * Spec §6: Managers and Support look after customers. Staff accounts and API resellers
 * (Administrator only, "Resell user") are out of their reach, except their own account where an
 * action allows it. Every staff write that names an account or its plan calls this.
 */
export function refuseOutsideCustomers(
  actor: { accountId: string; role: string },
  target: { id: string; role: string; reseller: boolean },
  options: { selfAllowed: boolean },
): void {
  if (actor.role === 'Administrator') return;
  if (target.role === 'User' && !target.reseller) return;
  if (options.selfAllowed && target.id === actor.accountId) return;
  const error = actor.role === 'Support' ? SUPPORT_CUSTOMERS_ONLY : MANAGER_CUSTOMERS_ONLY;
  throw new AppError(403, MESSAGES.forbidden, { error });
}

export type GrantKind = 'balance' | 'bandwidth' | 'days';

/**
 * The running total behind a bound (issue 34): what this staff member already gave this account of
 * this kind within the window, without a second approval. Call inside the change's transaction: the
 * advisory lock makes parallel calls by the same person on the same account take turns, so six
 * $499 credits sent at once are counted one after another and the ones past the bound are filed.
 */
export async function grantedInWindow(
  tx: DbOrTx,
  grant: { actorId: string; accountId: string; kind: GrantKind },
  windowHours: number,
): Promise<number> {
  const key = `staff-grant:${grant.actorId}:${grant.accountId}:${grant.kind}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${staffGrants.amount}), 0)` })
    .from(staffGrants)
    .where(
      and(
        eq(staffGrants.actorId, grant.actorId),
        eq(staffGrants.accountId, grant.accountId),
        eq(staffGrants.kind, grant.kind),
        gt(staffGrants.createdAt, sql`now() - make_interval(hours => ${windowHours})`),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Counts a change made within the bound, in the change's own transaction. */
export async function recordGrant(
  tx: DbOrTx,
  grant: { actorId: string; accountId: string; kind: GrantKind; amount: number },
): Promise<void> {
  const amount = Math.abs(grant.amount);
  if (amount > 0) await tx.insert(staffGrants).values({ ...grant, amount });
}
