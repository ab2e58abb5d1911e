import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';

/**
 * Where alert rules meet the numbers they watch (ADR 034), all in SQL: each evaluation is one
 * statement that finds the crossings, records each as a firing under a unique event key, and in the
 * same statement leaves the mail (a notices row, ADR 019) and one webhook delivery per endpoint. Two
 * evaluators racing write the same keys, so a crossing fires once; and since an evaluation runs after
 * each usage flush commits, the last of two concurrent flushes always sees both.
 */

/** `due` yields rule_id, account_id, subscription_id, event_key, event_type, data, email, webhook. */
function fire(due: SQL) {
  return sql`
    with due as (${due}),
    fired as (
      insert into alert_firings (rule_id, account_id, subscription_id, event_key, event_type, data)
      select rule_id, account_id, subscription_id, event_key, event_type, data from due
      on conflict (event_key) do nothing
      returning id, account_id, subscription_id, event_key, event_type, data, created_at
    ),
    sent as (
      select f.*, d.email, d.webhook from fired f join due d on d.event_key = f.event_key
    ),
    mailed as (
      insert into notices (account_id, kind, event_key, subject_id, data)
      select account_id, 'usage_alert', event_key, subscription_id, data || jsonb_build_object('eventType', event_type)
      from sent where email
      on conflict (event_key) do nothing
      returning id
    ),
    hooked as (
      insert into webhook_deliveries (endpoint_id, account_id, event_id, event_type, body)
      select e.id, s.account_id, 'evt_' || replace(s.id::text, '-', ''), s.event_type,
        jsonb_build_object(
          'id', 'evt_' || replace(s.id::text, '-', ''),
          'type', s.event_type,
          'created', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
          'data', s.data
        )::text
      from sent s
      join webhook_endpoints e on e.account_id = s.account_id and e.enabled and e.deleted_at is null
      where s.webhook
      on conflict (endpoint_id, event_id) do nothing
      returning id
    )
    select (select count(*) from fired)::int as fired, (select count(*) from hooked)::int as hooked`;
}

async function run(db: DbOrTx, due: SQL): Promise<{ fired: number; hooked: number }> {
  const result = (await db.execute(fire(due))) as unknown as { rows: { fired: number; hooked: number }[] };
  const row = result.rows[0];
  return { fired: Number(row?.fired ?? 0), hooked: Number(row?.hooked ?? 0) };
}

const planName = sql`coalesce(s.label, s.plan_title)`;
const total = sql`(s.bandwidth_gb::bigint * ${BYTES_PER_GB})`;
const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export const alertEvaluator = {
  /**
   * GB-used rules on running bandwidth plans: once per GB total, so adding GB (a top-up or a
   * renewal that adds GB) starts a new episode. `scope` narrows it to a flush's plans or one account.
   */
  usage(db: DbOrTx, scope: { subscriptionIds?: readonly string[]; accountId?: string } = {}) {
    const { subscriptionIds, accountId } = scope;
    if (subscriptionIds && subscriptionIds.length === 0) return Promise.resolve({ fired: 0, hooked: 0 });
    return run(
      db,
      sql`
      select r.id as rule_id, r.account_id, s.id as subscription_id,
        'alert:' || r.id || ':' || s.id || ':gb:' || s.bandwidth_gb as event_key,
        'alert.bandwidth' as event_type,
        jsonb_build_object(
          'subscriptionId', s.id, 'plan', ${planName}, 'thresholdPercent', r.threshold,
          'usedBytes', s.bandwidth_used_bytes, 'totalBytes', ${total},
          'usedPercent', round(s.bandwidth_used_bytes * 100.0 / ${total}, 1)
        ) as data,
        r.email, r.webhook
      from alert_rules r
      join subscriptions s on s.account_id = r.account_id and (r.subscription_id is null or r.subscription_id = s.id)
      where r.enabled and r.kind = 'bandwidth_percent'
        and s.status = 'active' and s.deleted_at is null and s.bandwidth_gb > 0
        and s.bandwidth_used_bytes * 100 >= r.threshold * ${total}
        ${subscriptionIds ? sql`and s.id in (${idList(subscriptionIds)})` : sql``}
        ${accountId ? sql`and r.account_id = ${accountId}` : sql``}`,
    );
  },

  /** Days-left rules: once per end date, so a renewal that moves it starts a new episode. */
  expiry(db: DbOrTx, accountId?: string) {
    return run(
      db,
      sql`
      select r.id as rule_id, r.account_id, s.id as subscription_id,
        'alert:' || r.id || ':' || s.id || ':ends:' || floor(extract(epoch from s.expires_at))::bigint as event_key,
        'alert.expiry' as event_type,
        jsonb_build_object(
          'subscriptionId', s.id, 'plan', ${planName}, 'thresholdDays', r.threshold,
          'expiresAt', to_char(s.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
          'autoRenew', s.auto_renew
        ) as data,
        r.email, r.webhook
      from alert_rules r
      join subscriptions s on s.account_id = r.account_id and (r.subscription_id is null or r.subscription_id = s.id)
      where r.enabled and r.kind = 'expiry_days'
        and s.status = 'active' and s.deleted_at is null
        and s.expires_at > now() and s.expires_at <= now() + make_interval(days => r.threshold::int)
        ${accountId ? sql`and r.account_id = ${accountId}` : sql``}`,
    );
  },

  /**
   * Balance rules, once per dip: a rule whose balance is back at or above its threshold is re-armed,
   * and an armed rule below it is disarmed and fires, both by conditional updates, so racing
   * evaluators fire a dip once. The dip's number is part of its key.
   */
  async balance(db: DbOrTx, accountId?: string) {
    const mine = accountId ? sql`and r.account_id = ${accountId}` : sql``;
    await db.execute(sql`
      update alert_rules r set armed = true, updated_at = now()
      from accounts a
      where r.kind = 'balance_below' and not r.armed and a.id = r.account_id and a.balance_cents >= r.threshold ${mine}`);
    return run(
      db,
      sql`
      update alert_rules r set armed = false, dips = r.dips + 1, updated_at = now()
      from accounts a
      where r.kind = 'balance_below' and r.enabled and r.armed and a.id = r.account_id
        and a.deleted_at is null and a.balance_cents < r.threshold ${mine}
      returning r.id as rule_id, r.account_id, null::uuid as subscription_id,
        'alert:' || r.id || ':dip:' || r.dips as event_key,
        'alert.balance' as event_type,
        jsonb_build_object('balanceCents', a.balance_cents, 'thresholdCents', r.threshold) as data,
        r.email, r.webhook`,
    );
  },
};
