import type { ChangeRequest } from '@tollgate/contract/admin/change-requests';
import type { Role } from '@tollgate/contract/access/roles';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { refuseOutsideCustomers } from '#platform/billing/staff-limits.ts';
import { audit } from '#platform/billing/audit-log.ts';
import { noticeDecided } from '#platform/billing/change-request-notices.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { AppError, notFound } from '#platform/http/errors.ts';
import {
  changeRequestsRepository as repo,
  toChangeRequest,
  type ChangeRequestRow,
} from '#platform/billing/change-requests.ts';
import { approvalsListRepository, toChangeRequestItem } from './change-requests.repository';

export const OWN_REQUEST = 'A change needs someone other than its requester to decide it';
export const OWN_BENEFIT = 'Staff cannot approve a change to their own balance or plans';
export const ALREADY_DECIDED = 'This change request was already decided';

/**
 * How each kind of change is made, inside the approval's transaction, as its requester would have
 * made it within their limits (the accounts and subscriptions modules provide these; wired in app.ts).
 */
export interface ChangeAppliers {
  balance(tx: Tx, change: { actorId: string; userId: string; cents: number; reason: string }): Promise<unknown>;
  bandwidth(tx: Tx, change: { actorId: string; id: string; gb: number; reason: string | null }): Promise<unknown>;
  days(tx: Tx, change: { actorId: string; id: string; days: number; reason: string | null }): Promise<unknown>;
}

function apply(appliers: ChangeAppliers, tx: Tx, row: ChangeRequestRow) {
  const actorId = row.requestedBy;
  switch (row.kind) {
    case 'balance':
      return appliers.balance(tx, { actorId, userId: row.accountId, cents: row.amount, reason: row.reason ?? '' });
    case 'bandwidth':
      return appliers.bandwidth(tx, { actorId, id: row.subscriptionId!, gb: row.amount, reason: row.reason });
    case 'days':
      return appliers.days(tx, { actorId, id: row.subscriptionId!, days: row.amount, reason: row.reason });
  }
}

/**
 * The second pair of eyes on staff changes above the limits (ADR 011). Deciding is one conditional
 * update that only a pending request passes, and an approval applies the change in the same
 * transaction: approving twice at once applies it once, and a change that fails (a debit below zero,
 * a cancelled plan) leaves the request pending.
 */
export function createChangeRequestsService({
  db,
  appliers,
  log,
}: {
  db: Db;
  appliers: ChangeAppliers;
  /** Where a notice that could not be written is reported (the decision stands). */
  log?: { warn: (context: object, message: string) => void };
}) {
  async function decide(
    actor: { accountId: string; role: Role },
    id: string,
    decision: { status: 'approved' | 'rejected'; reason: string | null },
  ): Promise<ChangeRequest> {
    const actorId = actor.accountId;
    const found = await repo.find(db, id);
    if (!found) throw notFound('No such change request');
    if (found.requestedBy === actorId) throw new AppError(403, MESSAGES.forbidden, { error: OWN_REQUEST });
    if (decision.status === 'approved' && found.accountId === actorId)
      throw new AppError(403, MESSAGES.forbidden, { error: OWN_BENEFIT });
    const target = await repo.target(db, found.accountId);
    if (decision.status === 'approved' && target) refuseOutsideCustomers(actor, target, { selfAllowed: false });
    return db.transaction(async (tx) => {
      const decided = await repo.decide(tx, id, {
        status: decision.status,
        decidedBy: actorId,
        decisionReason: decision.reason,
      });
      if (!decided) throw new AppError(409, ALREADY_DECIDED, { error: ALREADY_DECIDED });
      if (decision.status === 'approved') await apply(appliers, tx, decided);
      const after = toChangeRequest(decided);
      await audit(tx, {
        actorId,
        action: `change-request.${decision.status === 'approved' ? 'approve' : 'reject'}`,
        targetType: 'change-request',
        targetId: id,
        targetAccountId: decided.accountId,
        before: toChangeRequest(found),
        after,
        reason: decision.reason,
      });
      // The requester learns the outcome (issue 32); a notice that fails leaves the decision standing.
      await noticeDecided(tx, decided, log);
      return after;
    });
  }

  return {
    list: async (filter: { status: ChangeRequestRow['status'] | 'all'; accountId?: string | undefined }) =>
      (await approvalsListRepository.list(db, filter)).map(toChangeRequestItem),
    approve: (actor: { accountId: string; role: Role }, id: string, reason?: string) =>
      decide(actor, id, { status: 'approved', reason: reason ?? null }),
    reject: (actor: { accountId: string; role: Role }, id: string, reason: string) =>
      decide(actor, id, { status: 'rejected', reason }),
  };
}
