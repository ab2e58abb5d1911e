import { sql } from 'drizzle-orm';
import { createAnswerCache } from '#platform/cache/answer-cache.ts';
import type { ChangeFeed } from '#platform/cache/change-feed.ts';
import type { Db } from '#platform/db/client.ts';
import { createAlertsService } from './alerts.service';
import { alertEvaluator } from './alert-evaluator';
import type { AutomationDeps } from './automation.deps';
import { createAutoTopupService } from './auto-topup.service';
import { createRotationService } from './rotation.service';
import { createWebhookDelivery } from './webhook-delivery';
import { createWebhooksService } from './webhooks.service';

async function readAutomationInUse(db: Db, accountId: string) {
  const result = (await db.execute(sql`
    select exists (select 1 from alert_rules where account_id = ${accountId} and enabled)
        or exists (select 1 from auto_topups where account_id = ${accountId} and enabled) as used`)) as unknown as {
    rows: { used: boolean }[];
  };
  return result.rows[0]?.used === true;
}

/**
 * Whether an account has rules or an auto top-up, kept per process on the answer cache's terms and
 * dropped on `m:` (migration 0041): a reseller placing hundreds of orders a second would otherwise
 * pay a third round trip per order for the usual answer, "neither".
 */
function automationInUse(db: Db, changes: Pick<ChangeFeed, 'live' | 'subscribe'> | undefined) {
  const kept = changes ? createAnswerCache<boolean>(changes, Date.now, { account: ['automation'], all: [] }) : null;
  return {
    async read(accountId: string) {
      const cached = kept?.get(accountId, 'used') ?? null;
      if (cached !== null) return cached;
      const ticket = kept?.ticket() ?? 0;
      const used = await readAutomationInUse(db, accountId);
      kept?.keep(accountId, 'used', ticket, used);
      return used;
    },
    /** This process wrote the account's rules or top-up: the next check reads them, not waiting for `m:`. */
    forget(accountId: string) {
      kept?.forgetAccount(accountId);
    },
  };
}

/** A write to an account's automation, which the in-use answer forgets after (also when it fails midway). */
function forgetting<A extends unknown[], R>(
  inUse: { forget(accountId: string): void },
  write: (accountId: string, ...rest: A) => Promise<R>,
) {
  return async (accountId: string, ...rest: A): Promise<R> => {
    try {
      return await write(accountId, ...rest);
    } finally {
      inUse.forget(accountId);
    }
  };
}

/**
 * The automation module assembled once per process (ADR 034): its services for the routes, and the
 * three moments it acts on its own: after a customer's change, after a usage flush, every minute.
 */
export function createAutomation(deps: AutomationDeps) {
  const { db } = deps;
  const delivery = createWebhookDelivery({ db, sealer: deps.sealer, policy: deps.policy });
  const inUse = automationInUse(db, deps.changes);
  const topups = createAutoTopupService(deps);
  const autoTopup = {
    ...topups,
    save: forgetting(inUse, topups.save),
    removeCard: forgetting(inUse, topups.removeCard),
  };
  const alerts = createAlertsService({ db });
  const rotation = createRotationService({ db, publicUrl: deps.publicUrl });

  return {
    alerts: {
      ...alerts,
      create: forgetting(inUse, alerts.create),
      update: forgetting(inUse, alerts.update),
      remove: forgetting(inUse, alerts.remove),
    },
    webhooks: createWebhooksService({ db, sealer: deps.sealer, policy: deps.policy, delivery }),
    autoTopup,
    rotation,
    delivery,

    /**
     * After a change by or for one account succeeded: its alerts, its auto top-up, then what they owe.
     * Accounts with neither (most) cost one indexed read, or none while this process remembers it.
     */
    async afterChange(accountId: string) {
      if (!(await inUse.read(accountId))) return;
      await alertEvaluator.balance(db, accountId);
      await alertEvaluator.usage(db, { accountId });
      await alertEvaluator.expiry(db, accountId);
      await autoTopup.check(accountId);
      await alertEvaluator.balance(db, accountId);
      await delivery.drain();
    },

    /** After a gateway flush committed: the GB alerts of the plans it reported; answers how many fired. */
    async afterUsage(subscriptionIds: readonly string[]) {
      return (await alertEvaluator.usage(db, { subscriptionIds })).fired;
    },

    /** The minute's sweep: every rule, every auto top-up due, every delivery due. */
    async sweep() {
      await alertEvaluator.usage(db);
      await alertEvaluator.expiry(db);
      await alertEvaluator.balance(db);
      await autoTopup.sweep();
      await alertEvaluator.balance(db);
      await rotation.purge();
      await delivery.drain();
    },
  };
}
export type Automation = ReturnType<typeof createAutomation>;
