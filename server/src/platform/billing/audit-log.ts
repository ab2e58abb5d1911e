import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/** One row per staff action on money, plans, accounts or settings; written in the action's transaction. */
export async function audit(
  db: DbOrTx,
  entry: {
    actorId: string;
    action: string;
    targetType: string;
    targetId: string;
    before?: unknown;
    after?: unknown;
    reason?: string | null;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
