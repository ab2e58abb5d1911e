import { sql } from 'drizzle-orm';
import { audit } from '#platform/billing/audit-log.ts';
import type { Tx } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { noticeStaffChange } from './staff-change-notice';
import { staffSubscriptionsRepository as repo } from './staff-subscriptions.repository';
import { toStaffSubscription } from './staff-view';
import { subscriptions } from './subscriptions.schema';

const DAY_MS = 86_400_000;
export type Found = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
export const view = (found: Found) => toStaffSubscription(found.subscription, found.plan, found.account);

/**
 * Locks the row, applies `fn`'s values, audits before and after (with a reason), tells the customer
 * what changed, answers the new view.
 */
export async function changeSubscription(
  tx: Tx,
  change: { actorId: string; id: string; action: string; reason?: string | null | undefined },
  fn: (found: Found, tx: Tx) => Promise<Partial<typeof subscriptions.$inferInsert>>,
) {
  const before = await repo.find(tx, change.id, { lock: true });
  if (!before) throw notFound('No such subscription');
  const values = await fn(before, tx);
  await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(sql`${subscriptions.id} = ${change.id}`);
  const after = (await repo.find(tx, change.id))!;
  await audit(tx, {
    actorId: change.actorId,
    action: change.action,
    targetType: 'subscription',
    targetId: change.id,
    targetAccountId: before.subscription.accountId,
    before: view(before),
    after: view(after),
    reason: change.reason ?? null,
  });
  await noticeStaffChange(tx, before.subscription, after.subscription);
  return view(after);
}

/**
 * GB and days staff give at no charge. Called directly within the limits, or by an approved change
 * request (then `actorId` is the requester and the approval is audited beside it).
 */
export const staffGrants = {
  addBandwidth: (tx: Tx, change: { actorId: string; id: string; gb: number; reason?: string | null | undefined }) =>
    changeSubscription(tx, { ...change, action: 'subscription.add-bandwidth' }, async ({ subscription }) => {
      if (subscription.status === 'cancelled') throw badRequest('This plan was cancelled');
      return { bandwidthGb: subscription.bandwidthGb + change.gb, depletedAt: null };
    }),

  /** Positive days extend the plan, negative days shorten it. */
  shiftTime: (tx: Tx, change: { actorId: string; id: string; days: number; reason?: string | null | undefined }) =>
    changeSubscription(
      tx,
      { ...change, action: `subscription.time-${change.days > 0 ? 'add' : 'subtract'}` },
      async ({ subscription }) => {
        if (!subscription.expiresAt || !subscription.startsAt) throw badRequest('This plan has not started yet');
        const expiresAt = new Date(subscription.expiresAt.getTime() + change.days * DAY_MS);
        if (expiresAt.getTime() <= subscription.startsAt.getTime())
          throw badRequest('Cannot subtract more time than the plan has');
        const ended = expiresAt.getTime() <= Date.now();
        return {
          expiresAt,
          status: subscription.status === 'cancelled' ? 'cancelled' : ended ? 'expired' : 'active',
        };
      },
    ),
};
