import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChangeRequestItem } from '@tollgate/contract/admin/change-requests';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts, staffChangeRequests } from '#platform/db/schema.ts';
import { toChangeRequest, type ChangeRequestRow } from '#platform/billing/change-requests.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';

const requester = alias(accounts, 'requester');
const target = alias(accounts, 'target');
const decider = alias(accounts, 'decider');
const DAY_MS = 86_400_000;

/** Pending ones first, oldest first (who has waited longest); then decided ones, newest first. */
const pendingFirst = sql`case when ${staffChangeRequests.status} = 'pending' then 0 else 1 end`;
const waitedLongest = sql`case when ${staffChangeRequests.status} = 'pending' then ${staffChangeRequests.createdAt} end`;

export const approvalsListRepository = {
  /** At most 500 requests with their names and what they act on now. */
  async list(db: DbOrTx, filter: { status: ChangeRequestRow['status'] | 'all'; accountId?: string | undefined }) {
    const where: SQL[] = [];
    if (filter.status !== 'all') where.push(eq(staffChangeRequests.status, filter.status));
    if (filter.accountId) where.push(eq(staffChangeRequests.accountId, filter.accountId));
    return db
      .select({
        request: staffChangeRequests,
        requesterUsername: requester.username,
        accountUsername: target.username,
        accountBalanceCents: target.balanceCents,
        deciderUsername: decider.username,
        subscriptionLabel: subscriptions.label,
        planTitle: subscriptions.planTitle,
        bandwidthGb: subscriptions.bandwidthGb,
        expiresAt: subscriptions.expiresAt,
      })
      .from(staffChangeRequests)
      .innerJoin(requester, eq(requester.id, staffChangeRequests.requestedBy))
      .innerJoin(target, eq(target.id, staffChangeRequests.accountId))
      .leftJoin(decider, eq(decider.id, staffChangeRequests.decidedBy))
      .leftJoin(subscriptions, eq(subscriptions.id, staffChangeRequests.subscriptionId))
      .where(and(...where))
      .orderBy(
        pendingFirst,
        asc(waitedLongest),
        desc(sql`coalesce(${staffChangeRequests.decidedAt}, ${staffChangeRequests.createdAt})`),
        desc(staffChangeRequests.id),
      )
      .limit(500);
  },
};

type ListRow = Awaited<ReturnType<typeof approvalsListRepository.list>>[number];

/**
 * What a pending request would do, read from the state as it is now (the balance, GB or end date
 * may have moved since it was filed). A decided request shows neither side: what it acted on is gone,
 * and the audit trail keeps the before and after of the change itself.
 */
function effect(row: ListRow): Pick<ChangeRequestItem, 'before' | 'after'> {
  const { request } = row;
  if (request.status !== 'pending') return { before: null, after: null };
  switch (request.kind) {
    case 'balance':
      return { before: row.accountBalanceCents / 100, after: (row.accountBalanceCents + request.amount) / 100 };
    case 'bandwidth':
      return row.bandwidthGb === null
        ? { before: null, after: null }
        : { before: row.bandwidthGb, after: row.bandwidthGb + request.amount };
    case 'days':
      return row.expiresAt === null
        ? { before: null, after: null }
        : {
            before: row.expiresAt.toISOString(),
            after: new Date(row.expiresAt.getTime() + request.amount * DAY_MS).toISOString(),
          };
  }
}

export function toChangeRequestItem(row: ListRow): ChangeRequestItem {
  return {
    ...toChangeRequest(row.request),
    requesterUsername: row.requesterUsername,
    accountUsername: row.accountUsername,
    deciderUsername: row.deciderUsername,
    subscriptionLabel: row.request.subscriptionId ? (row.subscriptionLabel ?? row.planTitle) : null,
    ...effect(row),
  };
}
