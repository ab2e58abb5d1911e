/**
 * Staff change requests (ADR 011): the changes above `StaffLimits` that wait for a second staff
 * member. Kept beside the ledger because balance and plan tools both file them.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ChangeRequest } from '@tollgate/contract/admin/change-requests';
import type { DbOrTx } from '../db/client';
import { accounts, staffChangeRequests } from '../db/schema';
import { audit } from './audit-log';
import { noticeFiled } from './change-request-notices';

export type ChangeRequestRow = typeof staffChangeRequests.$inferSelect;
type Status = ChangeRequestRow['status'];

export const changeRequestsRepository = {
  async insert(db: DbOrTx, values: typeof staffChangeRequests.$inferInsert): Promise<ChangeRequestRow> {
    const [row] = await db.insert(staffChangeRequests).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, id: string): Promise<ChangeRequestRow | undefined> {
    const [row] = await db.select().from(staffChangeRequests).where(eq(staffChangeRequests.id, id));
    return row;
  },

  /** Whom the change is for: decides whether a Manager may approve it (customers only). */
  async target(db: DbOrTx, accountId: string) {
    const [row] = await db
      .select({ id: accounts.id, role: accounts.role, reseller: accounts.reseller })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row ?? null;
  },

  /**
   * Moves a pending request to its decision and answers it, or answers nothing when it was already
   * decided. Two approvals racing queue on the row; the second sees it decided: applied once.
   */
  async decide(
    db: DbOrTx,
    id: string,
    decision: { status: Exclude<Status, 'pending'>; decidedBy: string; decisionReason: string | null },
  ): Promise<ChangeRequestRow | undefined> {
    const [row] = await db
      .update(staffChangeRequests)
      .set({ ...decision, decidedAt: sql`now()` })
      .where(
        and(
          eq(staffChangeRequests.id, id),
          eq(staffChangeRequests.status, 'pending'),
          ne(staffChangeRequests.requestedBy, decision.decidedBy),
        ),
      )
      .returning();
    return row;
  },
};

/** A request as the contract shows it: balance amounts in dollars, GB and days as stored. */
export function toChangeRequest(row: ChangeRequestRow): ChangeRequest {
  return {
    id: row.id,
    kind: row.kind,
    accountId: row.accountId,
    subscriptionId: row.subscriptionId,
    amount: row.kind === 'balance' ? row.amount / 100 : row.amount,
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Records a change above the requester's limits instead of making it; nothing else moves. */
export async function fileChangeRequest(
  db: DbOrTx,
  request: {
    kind: ChangeRequestRow['kind'];
    accountId: string;
    subscriptionId?: string | null;
    amount: number;
    reason?: string | null | undefined;
    requestedBy: string;
    before: unknown;
  },
): Promise<ChangeRequest> {
  const row = await changeRequestsRepository.insert(db, {
    kind: request.kind,
    accountId: request.accountId,
    subscriptionId: request.subscriptionId ?? null,
    amount: request.amount,
    reason: request.reason ?? null,
    requestedBy: request.requestedBy,
  });
  const filed = toChangeRequest(row);
  await audit(db, {
    actorId: request.requestedBy,
    action: 'change-request.create',
    targetType: 'change-request',
    targetId: row.id,
    targetAccountId: request.accountId,
    before: request.before,
    after: filed,
    reason: request.reason ?? null,
  });
  await noticeFiled(db, row);
  return filed;
}
