import type { Role } from '@tollgate/contract/access/roles';
import {
  PAYMENT_VERIFICATION_FAILED,
  SUBSCRIPTION_TRAFFIC_DAYS,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { randomSecret } from '#platform/random.ts';
import { fileChangeRequest } from '#platform/billing/change-requests.ts';
import {
  grantedInWindow,
  readStaffLimits,
  recordGrant,
  refuseAbove,
  refuseOutsideCustomers,
  refuseSelf,
} from '#platform/billing/staff-limits.ts';
import { changeSubscription, givePlan, staffGrants, view, type Found } from './staff-grants';
import { staffSubscriptionsRepository as repo } from './staff-subscriptions.repository';
import type { subscriptions } from './subscriptions.schema';
import { isDepleted } from './subscription-view';

export const OWN_PLAN = 'Staff cannot add to their own plans';

type Actor = { accountId: string; role: Role };

/** Staff tools on subscriptions (spec §4, §7): every change in a transaction with its audit row. */
export function createStaffSubscriptionsService({
  db,
  verifyPayment,
}: {
  db: Db;
  /** Checkout's re-verification (wired in app.ts): the provider's answer, already settled. */
  verifyPayment: (subscriptionId: string) => Promise<'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | null>;
}) {
  /**
   * Locks the row, refuses a Manager or Support on a staff or reseller account's plan, applies `fn`'s
   * values, audits before and after, answers the new view.
   */
  const change = (
    actor: Actor,
    id: string,
    action: string,
    fn: (found: Found, tx: Tx) => Promise<Partial<typeof subscriptions.$inferInsert>>,
  ) =>
    db.transaction((tx) =>
      changeSubscription(tx, { actorId: actor.accountId, id, action }, (found, tx) => {
        refuseOutsideCustomers(actor, found.account, { selfAllowed: false });
        return fn(found, tx);
      }),
    );

  /**
   * A grant of GB or days: never to one's own plan, never by a Manager or Support to a staff or
   * reseller account's; above the absolute bound refused. Support's grants to one account add up over
   * `windowHours`: once they would pass its bound, the change is filed as a request and the plan stays
   * as it is until someone else approves.
   */
  async function grant(
    actor: Actor,
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
      refuseOutsideCustomers(actor, found.account, { selfAllowed: false });
      if (actor.role !== 'Support') return { subscription: await apply(tx), pending: false };
      const tally = { actorId: actor.accountId, accountId: found.subscription.accountId, kind: request.kind };
      const given = await grantedInWindow(tx, tally, limits.windowHours);
      if (given + request.amount <= supportBound) {
        const subscription = await apply(tx);
        await recordGrant(tx, { ...tally, amount: request.amount });
        return { subscription, pending: false };
      }
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

    /** The staff page's whitelist and usage chart (read-only). */
    async traffic(id: string) {
      const found = await repo.traffic(db, id, SUBSCRIPTION_TRAFFIC_DAYS);
      if (!found) throw notFound('No such subscription');
      return {
        whitelist: found.whitelist.map((w) => ({ ip: w.ip, addedAt: w.addedAt.toISOString() })),
        gbPerDay: found.bytesPerDay.map((d) => ({
          day: d.day,
          gb: Math.round((d.bytes / BYTES_PER_GB) * 1000) / 1000,
        })),
      };
    },

    update: (
      actor: Actor,
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
      change(actor, id, 'subscription.update', async ({ subscription }) => {
        refuseSelf(actor.accountId, subscription.accountId, OWN_PLAN);
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

    async remove(actor: Actor, id: string, onlyRenew: boolean) {
      await change(actor, id, onlyRenew ? 'subscription.delete-renewal' : 'subscription.delete', async () =>
        onlyRenew
          ? { autoRenew: false, renewValue: null }
          : { status: 'cancelled', autoRenew: false, deletedAt: new Date() },
      );
      return null;
    },

    addBandwidth: (actor: Actor, id: string, body: { bandwidth: number; reason?: string | undefined }) =>
      grant(actor, id, { kind: 'bandwidth', amount: body.bandwidth, reason: body.reason }, (tx) =>
        staffGrants.addBandwidth(tx, { actorId: actor.accountId, id, gb: body.bandwidth, reason: body.reason }),
      ),

    /** Back to what the facts say: end time decides active or expired, usage decides depletion. */
    resolve: (actor: Actor, id: string) =>
      change(actor, id, 'subscription.resolve', async ({ subscription }) => {
        if (subscription.status === 'pending' || subscription.status === 'cancelled')
          throw badRequest('Only active or expired plans can be resolved');
        const ended = !subscription.expiresAt || subscription.expiresAt.getTime() <= Date.now();
        return {
          status: ended ? 'expired' : 'active',
          depletedAt: isDepleted(subscription) ? (subscription.depletedAt ?? new Date()) : null,
        };
      }),

    planTime: (
      actor: Actor,
      id: string,
      body: { timeToAdd: number; operationType: 'add' | 'subtract'; reason?: string | undefined },
    ) => {
      const days = body.operationType === 'add' ? body.timeToAdd : -body.timeToAdd;
      const shift = (tx: Tx) => staffGrants.shiftTime(tx, { actorId: actor.accountId, id, days, reason: body.reason });
      // Taking days away gives nothing: only the absolute bound and whose plan it is apply.
      if (days < 0)
        return db.transaction(async (tx) => {
          const found = await repo.find(tx, id, { lock: true });
          if (!found) throw notFound('No such subscription');
          refuseOutsideCustomers(actor, found.account, { selfAllowed: false });
          return { subscription: await shift(tx), pending: false };
        });
      return grant(actor, id, { kind: 'days', amount: days, reason: body.reason }, shift);
    },

    regenerate: (actor: Actor, id: string) =>
      change(actor, id, 'subscription.regenerate-credentials', async () => ({ proxyPassword: randomSecret(16) })),

    whitelistLimit: (actor: Actor, id: string, limit: number | null) =>
      change(actor, id, limit === null ? 'subscription.whitelist-reset' : 'subscription.whitelist-limit', async () => ({
        whitelistLimit: limit,
      })),

    /**
     * A plan given at no charge; support may only give trial plans, to customers, and the GB or
     * threads it gives one account add up over the window like its other grants (refused, not
     * queued, past the bound: the plan choice is not a number to approve later).
     */
    async add(
      actor: Actor,
      userId: string,
      body: { plan: string; region?: string | undefined; additionalField?: number | undefined },
      options: { trialOnly: boolean },
    ) {
      refuseSelf(actor.accountId, userId, OWN_PLAN);
      const limits = await readStaffLimits(db);
      const amount = body.additionalField;
      if (amount !== undefined)
        refuseAbove(amount, limits.maxGbPerChange, (n) => `At most ${n} GB or threads at a time`);
      return db.transaction(async (tx) => {
        const account = await repo.liveAccount(tx, userId);
        if (!account) throw notFound('No such account');
        refuseOutsideCustomers(actor, account, { selfAllowed: false });
        const tally = { actorId: actor.accountId, accountId: userId, kind: 'bandwidth' as const };
        const bounded = actor.role === 'Support' && amount !== undefined;
        if (
          bounded &&
          (await grantedInWindow(tx, tally, limits.windowHours)) + amount > limits.supportGbWithoutApproval
        )
          throw new AppError(403, 'forbidden', {
            error: `Support may give one account at most ${limits.supportGbWithoutApproval} GB or threads in ${limits.windowHours} hours`,
          });
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
        if (bounded) await recordGrant(tx, { ...tally, amount });
        await audit(tx, {
          actorId: actor.accountId,
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
