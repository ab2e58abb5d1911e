import type { Role } from '@tollgate/contract/access/roles';
import { PAYMENT_VERIFICATION_FAILED } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { randomSecret } from '#platform/random.ts';
import { fileChangeRequest } from '#platform/billing/change-requests.ts';
import { readStaffLimits, refuseAbove, refuseSelf } from '#platform/billing/staff-limits.ts';
import { changeSubscription, givePlan, staffGrants, view, type Found } from './staff-grants';
import { staffSubscriptionsRepository as repo } from './staff-subscriptions.repository';
import type { subscriptions } from './subscriptions.schema';
import { isDepleted } from './subscription-view';

export const OWN_PLAN = 'Staff cannot add to their own plans';

/** Staff tools on subscriptions (spec §4, §7): every change in a transaction with its audit row. */
export function createStaffSubscriptionsService({
  db,
  verifyPayment,
}: {
  db: Db;
  /** Checkout's re-verification (wired in app.ts): the provider's answer, already settled. */
  verifyPayment: (subscriptionId: string) => Promise<'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | null>;
}) {
  /** Locks the row, applies `fn`'s values, audits before and after, answers the new view. */
  const change = (
    actorId: string,
    id: string,
    action: string,
    fn: (found: Found, tx: Tx) => Promise<Partial<typeof subscriptions.$inferInsert>>,
  ) => db.transaction((tx) => changeSubscription(tx, { actorId, id, action }, fn));

  /**
   * A grant of GB or days: never to one's own plan; above the absolute bound refused; Support above
   * its bound files a change request and the plan stays as it is until someone else approves.
   */
  async function grant(
    actor: { accountId: string; role: Role },
    id: string,
    request: { kind: 'bandwidth' | 'days'; amount: number; reason?: string | undefined },
    apply: (tx: Tx) => Promise<ReturnType<typeof view>>,
  ): Promise<{ subscription: ReturnType<typeof view>; pending: boolean }> {
    const limits = await readStaffLimits(db);
    const [max, supportBound, unit] =
      request.kind === 'bandwidth'
        ? [limits.maxGbPerChange, limits.supportGbWithoutApproval, 'GB']
        : [limits.maxDaysPerChange, limits.supportDaysWithoutApproval, 'days'];
    refuseAbove(request.amount, max, (n) => `At most ${n} ${unit} at a time`);
    return db.transaction(async (tx) => {
      const found = await repo.find(tx, id, { lock: true });
      if (!found) throw notFound('No such subscription');
      refuseSelf(actor.accountId, found.subscription.accountId, OWN_PLAN);
      if (actor.role !== 'Support' || request.amount <= supportBound)
        return { subscription: await apply(tx), pending: false };
      await fileChangeRequest(tx, {
        kind: request.kind,
        accountId: found.subscription.accountId,
        subscriptionId: id,
        amount: request.amount,
        reason: request.reason,
        requestedBy: actor.accountId,
        before: view(found),
      });
      return { subscription: view(found), pending: true };
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
        refuseSelf(actorId, subscription.accountId, OWN_PLAN);
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

    addBandwidth: (
      actor: { accountId: string; role: Role },
      id: string,
      body: { bandwidth: number; reason?: string | undefined },
    ) =>
      grant(actor, id, { kind: 'bandwidth', amount: body.bandwidth, reason: body.reason }, (tx) =>
        staffGrants.addBandwidth(tx, { actorId: actor.accountId, id, gb: body.bandwidth, reason: body.reason }),
      ),

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

    planTime: (
      actor: { accountId: string; role: Role },
      id: string,
      body: { timeToAdd: number; operationType: 'add' | 'subtract'; reason?: string | undefined },
    ) => {
      const days = body.operationType === 'add' ? body.timeToAdd : -body.timeToAdd;
      const shift = (tx: Tx) => staffGrants.shiftTime(tx, { actorId: actor.accountId, id, days, reason: body.reason });
      // Taking days away gives nothing: only the absolute bound applies.
      if (days < 0) return db.transaction(async (tx) => ({ subscription: await shift(tx), pending: false }));
      return grant(actor, id, { kind: 'days', amount: days, reason: body.reason }, shift);
    },

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
      refuseSelf(actorId, userId, OWN_PLAN);
      const limits = await readStaffLimits(db);
      const amount = body.additionalField;
      if (amount !== undefined) {
        refuseAbove(amount, limits.maxGbPerChange, (n) => `At most ${n} GB or threads at a time`);
        if (options.trialOnly && amount > limits.supportGbWithoutApproval)
          throw new AppError(403, 'forbidden', {
            error: `Support may give at most ${limits.supportGbWithoutApproval} GB or threads with a plan`,
          });
      }
      return db.transaction(async (tx) => {
        if (!(await repo.accountExists(tx, userId))) throw notFound('No such account');
        const after = await givePlan(tx, {
          accountId: userId,
          planId: body.plan,
          region: body.region,
          units: amount,
          allow: (plan) => {
            if (options.trialOnly && !plan.trial)
              throw new AppError(403, 'forbidden', { error: 'Support may add trial plans only' });
          },
        });
        await audit(tx, {
          actorId,
          action: 'subscription.add',
          targetType: 'subscription',
          targetId: after.subscription.id,
          targetAccountId: userId,
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
