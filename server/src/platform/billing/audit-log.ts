import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import { requestOrigin } from '../http/request-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One row per staff action on money, plans, accounts or settings; written in the action's
 * transaction. The IP and user agent come from the request being answered (none for jobs and the
 * CLI); the target account is the target itself for accounts, else what the caller names.
 */
export async function audit(
  db: DbOrTx,
  entry: {
    actorId: string;
    action: string;
    targetType: string;
    targetId: string;
    /** The account the change concerns when the target is not an account (a plan's owner). */
    targetAccountId?: string | null;
    before?: unknown;
    after?: unknown;
    reason?: string | null;
  },
): Promise<void> {
  const origin = requestOrigin();
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetAccountId:
      entry.targetAccountId ?? (entry.targetType === 'account' && UUID.test(entry.targetId) ? entry.targetId : null),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
  });
}
