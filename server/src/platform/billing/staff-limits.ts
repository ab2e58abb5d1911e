import {
  DEFAULT_STAFF_LIMITS,
  STAFF_LIMITS_KEY,
  staffLimitsSchema,
  type StaffLimits,
} from '@tollgate/contract/admin/change-requests';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';
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
