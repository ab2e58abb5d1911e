import { sql } from 'drizzle-orm';
import { audit } from '#platform/billing/audit-log.ts';
import type { Tx } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import type { PlanType } from '@tollgate/contract/plans/plans';
import { pricedPlanOf } from '#platform/billing/pricing.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { noticeStaffChange, noticeStaffGift } from './staff-change-notice';
import { subscriptionLifecycle } from './subscription-lifecycle';
import { staffSubscriptionsRepository as repo } from './staff-subscriptions.repository';
import { toStaffSubscription } from './staff-view';
import { subscriptions } from './subscriptions.schema';

const DAY_MS = 86_400_000;
export type Found = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
export const view = ({ subscription, plan, account }: Found) =>
  toStaffSubscription(subscription, plan, { id: account.id, username: account.username, email: account.email });

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

type GiftablePlan = NonNullable<Awaited<ReturnType<typeof repo.planForGift>>>;

/**
 * A plan at no charge, started at once, with the customer's notice: staff's "add subscription" and
 * a redeemed gift code (ADR 037) take this one path. `units` is GB or threads (the plan's own when
 * left out); `allow` may refuse the plan for the caller (support gives trial plans only).
 */
export async function givePlan(
  tx: DbOrTx,
  input: {
    accountId: string;
    planId: string;
    region?: string | null | undefined;
    units?: number | null | undefined;
    allow?: (plan: GiftablePlan) => void;
  },
): Promise<Found> {
  const plan = await repo.planForGift(tx, input.planId);
  if (!plan) throw badRequest('Choose a plan');
  input.allow?.(plan);
  let unit: 'GB' | 'threads' | 'package';
  try {
    unit = pricedPlanOf(plan).unit;
  } catch {
    unit = 'package';
  }
  const amount = input.units ?? undefined;
  const id = await subscriptionLifecycle.create(
    tx,
    {
      accountId: input.accountId,
      planId: plan.id,
      planTitle: plan.title,
      planType: plan.type as PlanType,
      country: input.region ?? (plan.serverGeo || 'US'),
      bandwidthGb: unit === 'GB' ? (amount ?? Math.max(plan.bandwidthGb, 1)) : plan.bandwidthGb,
      threads: unit === 'threads' ? (amount ?? Math.max(plan.threads, 1)) : plan.threads,
      days: plan.durationDays,
    },
    { active: true },
  );
  const after = (await repo.find(tx, id))!;
  await noticeStaffGift(tx, after.subscription);
  return after;
}
