import { sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import { ProxyBackendError, type ProxyBackend } from '#platform/proxy-backends/backend.ts';
import { UPSTREAM_PROVIDER } from '#platform/proxy-backends/select.ts';

interface Due {
  id: string;
  plan_type: Parameters<ProxyBackend['createPlan']>[0]['planType'];
  country: string;
  bandwidth_gb: number;
  threads: number;
  days: number;
  proxy_username: string;
  proxy_password: string;
}

/**
 * A count on a resold plan that the provider must keep up with (ADR 008): ours, what the provider
 * has, and the total being sent right now (stored before the call and named by its key).
 */
interface Followed {
  name: 'bandwidth' | 'days';
  ours: string;
  theirs: string;
  target: string;
  /** `changed`: sent up and down; `grown`: only additions (the protocol cannot take days back). */
  due: 'changed' | 'grown';
  send(backend: ProxyBackend, ref: string, from: number, to: number, key: string): Promise<void>;
}

const BANDWIDTH: Followed = {
  name: 'bandwidth',
  ours: 'bandwidth_gb',
  theirs: 'upstream_bandwidth_gb',
  target: 'upstream_bandwidth_target_gb',
  due: 'changed',
  send: (backend, ref, from, to, key) =>
    to > from ? backend.addBandwidth(ref, to - from, key) : backend.removeBandwidth(ref, from - to, key),
};

const DAYS: Followed = {
  name: 'days',
  ours: 'days',
  theirs: 'upstream_days',
  target: 'upstream_days_target',
  due: 'grown',
  send: (backend, ref, from, to, key) => backend.addDays(ref, to - from, key),
};

interface FollowDue {
  id: string;
  upstream_ref: string;
  ours: number;
  theirs: number;
  target: number | null;
}

/**
 * Plans sold with provider 'upstream' are created at the upstream provider once they are active,
 * and the GB and days added to them later follow.
 * Run as a job rather than inside the payment transaction: a remote call cannot roll back, and a
 * failed attempt is simply retried by the next run. The subscription id is the idempotency key,
 * so a retry after a lost answer never creates a second plan upstream.
 */
export function createUpstreamDelivery(deps: {
  db: Db;
  backend: () => ProxyBackend;
  log?: { warn(obj: unknown, msg?: string): void };
}) {
  const { db } = deps;

  /**
   * Brings the provider's count up to ours. The total being reached is recorded before the call
   * and named by its key, so a retry after a lost answer sends the very same change and the
   * provider replays it instead of applying it twice, even if more was bought meanwhile (that
   * follows in the next round).
   */
  async function follow(count: Followed, limit: number): Promise<number> {
    const [ours, theirs, target] = [count.ours, count.theirs, count.target].map((c) => sql.identifier(c));
    const differs = count.due === 'changed' ? sql`s.${ours} <> s.${theirs}` : sql`s.${ours} > s.${theirs}`;
    const due = (
      (await db.execute(sql`
        SELECT s.id, s.upstream_ref, s.${ours} AS ours, s.${theirs} AS theirs, s.${target} AS target
        FROM subscriptions s JOIN plans p ON p.id = s.plan_id
        WHERE s.upstream_ref IS NOT NULL AND s.${theirs} IS NOT NULL AND s.deleted_at IS NULL
          AND (s.${target} IS NOT NULL OR ${differs})
          AND lower(trim(p.provider)) = ${UPSTREAM_PROVIDER}
        ORDER BY s.updated_at LIMIT ${limit}`)) as unknown as { rows: FollowDue[] }
    ).rows;
    let synced = 0;
    for (const s of due) {
      const from = s.theirs;
      const to = s.target ?? s.ours;
      try {
        if (s.target === null) {
          await db.execute(sql`UPDATE subscriptions SET ${target} = ${to} WHERE id = ${s.id} AND ${target} IS NULL`);
        }
        await count.send(deps.backend(), s.upstream_ref, from, to, `${s.id}:${count.name}:${from}->${to}`);
        const updated = await db.execute(sql`
          UPDATE subscriptions SET ${theirs} = ${to}, ${target} = NULL
          WHERE id = ${s.id} AND ${theirs} = ${from} RETURNING id`);
        synced += (updated as unknown as { rows: unknown[] }).rows.length;
      } catch (error) {
        const detail = error instanceof ProxyBackendError ? error.detail : String(error);
        deps.log?.warn({ subscriptionId: s.id, detail }, `upstream ${count.name} sync failed; retried on the next run`);
      }
    }
    return synced;
  }

  return {
    async provisionDue(limit = 50): Promise<number> {
      const due = (
        (await db.execute(sql`
          SELECT s.id, s.plan_type, s.country, s.bandwidth_gb, s.threads, s.days, s.proxy_username, s.proxy_password
          FROM subscriptions s JOIN plans p ON p.id = s.plan_id
          WHERE s.status = 'active' AND s.upstream_ref IS NULL AND s.deleted_at IS NULL
            AND lower(trim(p.provider)) = ${UPSTREAM_PROVIDER}
          ORDER BY s.created_at LIMIT ${limit}`)) as unknown as { rows: Due[] }
      ).rows;
      let created = 0;
      for (const s of due) {
        try {
          const plan = await deps.backend().createPlan({
            subscriptionId: s.id,
            planType: s.plan_type,
            country: s.country,
            bandwidthGb: s.bandwidth_gb,
            threads: s.threads,
            days: s.days,
            username: s.proxy_username,
            password: s.proxy_password,
          });
          // The upstream's credentials and endpoint are what the customer uses from now on.
          // It was created with the GB and days read above; what a renewal added since follows (follow()).
          const updated = await db.execute(sql`
            UPDATE subscriptions SET upstream_ref = ${plan.ref}, proxy_username = ${plan.username},
              proxy_password = ${plan.password}, upstream_bandwidth_gb = ${s.bandwidth_gb}, upstream_days = ${s.days},
              upstream_host = ${plan.endpoint?.host ?? null}, upstream_http_port = ${plan.endpoint?.httpPort ?? null},
              upstream_socks_port = ${plan.endpoint?.socksPort ?? null}, updated_at = now()
            WHERE id = ${s.id} AND upstream_ref IS NULL RETURNING id`);
          created += (updated as unknown as { rows: unknown[] }).rows.length;
        } catch (error) {
          const detail = error instanceof ProxyBackendError ? error.detail : String(error);
          deps.log?.warn({ subscriptionId: s.id, detail }, 'upstream delivery failed; retried on the next run');
        }
      }
      return created;
    },

    /**
     * Sends the GB that renewals or staff added to (or took from) a plan since the provider last
     * heard of it, and the days renewals added.
     */
    syncBandwidthDue: (limit = 50) => follow(BANDWIDTH, limit),
    syncDaysDue: (limit = 50) => follow(DAYS, limit),
  };
}
