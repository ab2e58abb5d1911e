import { sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import { createAlertsService } from './alerts.service';
import { alertEvaluator } from './alert-evaluator';
import type { AutomationDeps } from './automation.deps';
import { createAutoTopupService } from './auto-topup.service';
import { createRotationService } from './rotation.service';
import { createWebhookDelivery } from './webhook-delivery';
import { createWebhooksService } from './webhooks.service';

async function automationInUse(db: Db, accountId: string) {
  const result = (await db.execute(sql`
    select exists (select 1 from alert_rules where account_id = ${accountId} and enabled)
        or exists (select 1 from auto_topups where account_id = ${accountId} and enabled) as used`)) as unknown as {
    rows: { used: boolean }[];
  };
  return result.rows[0]?.used === true;
}

/**
 * The automation module assembled once per process (ADR 034): its services for the routes, and the
 * three moments it acts on its own: after a customer's change, after a usage flush, every minute.
 */
export function createAutomation(deps: AutomationDeps) {
  const { db } = deps;
  const delivery = createWebhookDelivery({ db, sealer: deps.sealer, policy: deps.policy });
  const autoTopup = createAutoTopupService(deps);
  const rotation = createRotationService({ db, publicUrl: deps.publicUrl });

  return {
    alerts: createAlertsService({ db }),
    webhooks: createWebhooksService({ db, sealer: deps.sealer, policy: deps.policy, delivery }),
    autoTopup,
    rotation,
    delivery,

    /**
     * After a change by or for one account succeeded: its alerts, its auto top-up, then what they owe.
     * Accounts with neither (most) cost one indexed read.
     */
    async afterChange(accountId: string) {
      if (!(await automationInUse(db, accountId))) return;
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
