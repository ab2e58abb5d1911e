import type { Announcement } from '@tollgate/contract/general/landing';
import { toDollars } from '@tollgate/contract/http/money';
import { PLAN_EXPIRED } from '@tollgate/contract/subscriptions/subscriptions';
import type { AccountRow } from '#platform/auth/session-store.ts';
import type { Db } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { subscriptionsRepository as repo } from './subscriptions.repository';
import { isDepleted, statusAt, toSubscription } from './subscription-view';

const DAY_MS = 86_400_000;
/** The dashboard counts an active plan as expiring soon from this long before its end. */
const EXPIRING_SOON_MS = 3 * DAY_MS;

/** What a customer sees of their subscriptions and may change about them (not money: see checkout). */
export function createSubscriptionsService({
  db,
  now = () => new Date(),
  announcements,
}: {
  db: Db;
  now?: () => Date;
  /** The site's announcements as the landing page shows them (settings module, wired in app.ts). */
  announcements: () => Promise<Announcement[]>;
}) {
  async function owned(id: string, accountId: string) {
    const found = await repo.findOwned(db, id, accountId);
    if (!found) throw notFound('No such subscription');
    return found;
  }
  const autoRenewState = (row: { id: string; autoRenew: boolean; renewValue: number | null }) => ({
    subscriptionId: row.id,
    status: row.autoRenew,
    renewvalue: row.renewValue,
  });

  return {
    /**
     * Balance and all-time spend come with the signed-in account (cached per process, ADR 024),
     * announcements from the cached settings: what is left to read is the plans and last month's spend.
     */
    async dashboard(account: Pick<AccountRow, 'id' | 'balanceCents' | 'spentCents'>) {
      const at = now();
      const [rows, recentCents, list] = await Promise.all([
        repo.listFor(db, account.id),
        repo.spentSince(db, account.id, new Date(at.getTime() - 30 * DAY_MS)),
        announcements(),
      ]);
      const views = rows.map((r) => toSubscription(r.subscription, r.plan, at));
      // Used-up plans deliver nothing, so they are not counted as active.
      const active = views.filter((s) => s.status === 'active' && !s.depleted);
      return {
        balance: toDollars(account.balanceCents),
        stats: {
          activePlans: active.length,
          expiringSoon: active.filter(
            (s) => s.expiresAt && new Date(s.expiresAt).getTime() - at.getTime() < EXPIRING_SOON_MS,
          ).length,
          totalSpent: toDollars(account.spentCents),
          spentLast30Days: toDollars(recentCents),
          bandwidthUsed: Math.round(views.reduce((sum, s) => sum + s.bandwidthUsed, 0) * 100) / 100,
          bandwidthUsedBytes: views.reduce((sum, s) => sum + s.bandwidthUsedBytes, 0),
        },
        subscriptions: views,
        announcements: list,
      };
    },

    /**
     * When a dashboard turns by the clock alone: the next moment an active plan starts expiring soon
     * or expires. A kept copy ends there, so it never shows an expired plan as active.
     */
    dashboardTurnsAt(answer: { subscriptions: { status: string; expiresAt: string | null }[] }): number {
      const at = now().getTime();
      let turns = Infinity;
      for (const s of answer.subscriptions) {
        if (s.status !== 'active' || !s.expiresAt) continue;
        const end = new Date(s.expiresAt).getTime();
        for (const moment of [end - EXPIRING_SOON_MS, end]) if (moment > at && moment < turns) turns = moment;
      }
      return turns;
    },

    async get(id: string, accountId: string) {
      const { subscription, plan } = await owned(id, accountId);
      return toSubscription(subscription, plan, now());
    },

    async activate(id: string, accountId: string) {
      const { subscription } = await owned(id, accountId);
      const active = statusAt(subscription, now()) === 'active' && !isDepleted(subscription);
      return { subscriptionId: id, active };
    },

    async remove(id: string, accountId: string) {
      const { subscription } = await owned(id, accountId);
      const status = statusAt(subscription, now());
      if (status === 'active' && !isDepleted(subscription))
        throw badRequest('Only expired or used-up plans can be removed');
      if (status === 'pending') throw badRequest('This plan is waiting for its payment');
      await repo.update(db, id, { deletedAt: now() });
      return null;
    },

    /** Only a name: any state of the plan may carry one, and an empty one clears it. */
    async rename(id: string, accountId: string, label: string | null) {
      const { plan } = await owned(id, accountId);
      return toSubscription((await repo.update(db, id, { label }))!, plan, now());
    },

    async autoRenew(id: string, accountId: string) {
      const { subscription } = await owned(id, accountId);
      return autoRenewState(subscription);
    },

    async setAutoRenewStatus(id: string, accountId: string, on: boolean) {
      const { subscription } = await owned(id, accountId);
      if (on && statusAt(subscription, now()) !== 'active') throw badRequest(PLAN_EXPIRED);
      return autoRenewState((await repo.update(db, id, { autoRenew: on }))!);
    },

    async setAutoRenewValue(id: string, accountId: string, days: number) {
      const { subscription, plan } = await owned(id, accountId);
      const min = Math.min(plan.minRenewDays, plan.durationDays);
      const max = Math.max(plan.maxRenewDays, plan.durationDays);
      if (days < min || days > max) throw badRequest(`Choose between ${min} and ${max} days`);
      return autoRenewState((await repo.update(db, subscription.id, { renewValue: days }))!);
    },
  };
}
