import type { PlanType } from '@tollgate/contract/plans/plans';
import { PAYMENT_VERIFICATION_FAILED } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { sql } from 'drizzle-orm';
import { audit } from '#platform/billing/audit-log.ts';
import { pricedPlanOf } from '#platform/billing/pricing.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { randomSecret } from '#platform/random.ts';
import { staffSubscriptionsRepository as repo } from './staff-subscriptions.repository';
import { toStaffSubscription } from './staff-view';
import { subscriptionLifecycle } from './subscription-lifecycle';
import { subscriptions } from './subscriptions.schema';
import { isDepleted } from './subscription-view';

const DAY_MS = 86_400_000;
type Found = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
const view = (found: Found) => toStaffSubscription(found.subscription, found.plan, found.account);

/** Staff tools on subscriptions (spec §4, §7): every change in a transaction with its audit row. */
export function createStaffSubscriptionsService({
  db,
  verifyPayment,
}: {
  db: Db;
  /** Checkout's re-verification (wired in app.ts): the provider's answer, already settled. */
  verifyPayment: (subscriptionId: string) => Promise<'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | null>;
}) {
  /** Locks the row, applies `change`, audits before and after, answers the new view. */
  async function change(
    actorId: string,
    id: string,
    action: string,
    fn: (found: Found, tx: Tx) => Promise<Partial<typeof subscriptions.$inferInsert>>,
  ) {
    return db.transaction(async (tx) => {
      const before = await repo.find(tx, id, { lock: true });
      if (!before) throw notFound('No such subscription');
      const values = await fn(before, tx);
      await tx
        .update(subscriptions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(sql`${subscriptions.id} = ${id}`);
      const after = (await repo.find(tx, id))!;
      await audit(tx, {
        actorId,
        action,
        targetType: 'subscription',
        targetId: id,
        before: view(before),
        after: view(after),
      });
      return view(after);
    });
  }

  return {
    async list(query: Parameters<typeof repo.page>[1]) {
      const { rows, total } = await repo.page(db, query);
      return { items: rows.map(view), total, page: query.page, size: query.size };
    },

    async get(id: string) {
      const found = await repo.find(db, id);
      if (!found) throw notFound('No such subscription');
      return view(found);
    },

    update: (
      actorId: string,
      id: string,
      body: {
        country?: string | undefined;
        bandwidth?: number | undefined;
        threads?: number | undefined;
        expiresAt?: string | undefined;
        autoRenew?: boolean | undefined;
        renewValue?: number | null | undefined;
        status?: 'active' | 'expired' | 'cancelled' | undefined;
      },
    ) =>
      change(actorId, id, 'subscription.update', async ({ subscription }) => {
        if (body.status === 'active' && subscription.status === 'pending')
          throw badRequest('An unpaid subscription becomes active when its payment is verified');
        return {
          ...(body.country === undefined ? {} : { country: body.country }),
          ...(body.bandwidth === undefined ? {} : { bandwidthGb: body.bandwidth }),
          ...(body.threads === undefined ? {} : { threads: body.threads }),
          ...(body.expiresAt === undefined ? {} : { expiresAt: new Date(body.expiresAt) }),
          ...(body.autoRenew === undefined ? {} : { autoRenew: body.autoRenew }),
          ...(body.renewValue === undefined ? {} : { renewValue: body.renewValue }),
          ...(body.status === undefined ? {} : { status: body.status }),
        };
      }),

    async remove(actorId: string, id: string, onlyRenew: boolean) {
      await change(actorId, id, onlyRenew ? 'subscription.delete-renewal' : 'subscription.delete', async () =>
        onlyRenew
          ? { autoRenew: false, renewValue: null }
          : { status: 'cancelled', autoRenew: false, deletedAt: new Date() },
      );
      return null;
    },

    addBandwidth: (actorId: string, id: string, gb: number) =>
      change(actorId, id, 'subscription.add-bandwidth', async ({ subscription }) => {
        if (subscription.status === 'cancelled') throw badRequest('This plan was cancelled');
        return { bandwidthGb: subscription.bandwidthGb + gb, depletedAt: null };
      }),

    /** Back to what the facts say: end time decides active or expired, usage decides depletion. */
    resolve: (actorId: string, id: string) =>
      change(actorId, id, 'subscription.resolve', async ({ subscription }) => {
        if (subscription.status === 'pending' || subscription.status === 'cancelled')
          throw badRequest('Only active or expired plans can be resolved');
        const ended = !subscription.expiresAt || subscription.expiresAt.getTime() <= Date.now();
        return {
          status: ended ? 'expired' : 'active',
          depletedAt: isDepleted(subscription) ? (subscription.depletedAt ?? new Date()) : null,
        };
      }),

    planTime: (actorId: string, id: string, days: number, operation: 'add' | 'subtract') =>
      change(actorId, id, `subscription.time-${operation}`, async ({ subscription }) => {
        if (!subscription.expiresAt || !subscription.startsAt) throw badRequest('This plan has not started yet');
        const delta = (operation === 'add' ? days : -days) * DAY_MS;
        const expiresAt = new Date(subscription.expiresAt.getTime() + delta);
        if (expiresAt.getTime() <= subscription.startsAt.getTime())
          throw badRequest('Cannot subtract more time than the plan has');
        const ended = expiresAt.getTime() <= Date.now();
        return {
          expiresAt,
          status: subscription.status === 'cancelled' ? 'cancelled' : ended ? 'expired' : 'active',
        };
      }),

    regenerate: (actorId: string, id: string) =>
      change(actorId, id, 'subscription.regenerate-credentials', async () => ({ proxyPassword: randomSecret(16) })),

    whitelistLimit: (actorId: string, id: string, limit: number | null) =>
      change(
        actorId,
        id,
        limit === null ? 'subscription.whitelist-reset' : 'subscription.whitelist-limit',
        async () => ({
          whitelistLimit: limit,
        }),
      ),

    /** A plan given at no charge; support may only give trial plans. */
    async add(
      actorId: string,
      userId: string,
      body: { plan: string; region?: string | undefined; additionalField?: number | undefined },
      options: { trialOnly: boolean },
    ) {
      return db.transaction(async (tx) => {
        if (!(await repo.accountExists(tx, userId))) throw notFound('No such account');
        const plan = await repo.planForGift(tx, body.plan);
        if (!plan) throw badRequest('Choose a plan');
        if (options.trialOnly && !plan.trial)
          throw new AppError(403, 'forbidden', { error: 'Support may add trial plans only' });
        let unit: 'GB' | 'threads' | 'package';
        try {
          unit = pricedPlanOf(plan).unit;
        } catch {
          unit = 'package';
        }
        const amount = body.additionalField;
        const id = await subscriptionLifecycle.create(
          tx,
          {
            accountId: userId,
            planId: plan.id,
            planTitle: plan.title,
            planType: plan.type as PlanType,
            country: body.region ?? (plan.serverGeo || 'US'),
            bandwidthGb: unit === 'GB' ? (amount ?? Math.max(plan.bandwidthGb, 1)) : plan.bandwidthGb,
            threads: unit === 'threads' ? (amount ?? Math.max(plan.threads, 1)) : plan.threads,
            days: plan.durationDays,
          },
          { active: true },
        );
        const after = (await repo.find(tx, id))!;
        await audit(tx, {
          actorId,
          action: 'subscription.add',
          targetType: 'subscription',
          targetId: id,
          after: view(after),
        });
        return view(after);
      });
    },

    async reverifyPayment(id: string) {
      if (!(await repo.find(db, id))) throw notFound('No such subscription');
      const status = await verifyPayment(id).catch(() => null);
      if (status === null) throw badRequest(PAYMENT_VERIFICATION_FAILED);
      return { status, subscription: await this.get(id) };
    },
  };
}
