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

interface BandwidthDue {
  id: string;
  upstream_ref: string;
  bandwidth_gb: number;
  upstream_bandwidth_gb: number;
  upstream_bandwidth_target_gb: number | null;
}

/**
 * Plans sold with provider 'upstream' are created at the upstream provider once they are active,
 * and the GB added to them later follow.
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
          // It was created with the GB read above; GB a renewal added since are sent by syncBandwidth.
          const updated = await db.execute(sql`
            UPDATE subscriptions SET upstream_ref = ${plan.ref}, proxy_username = ${plan.username},
              proxy_password = ${plan.password}, upstream_bandwidth_gb = ${s.bandwidth_gb},
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
     * heard of it. The total being reached is recorded before the call and named by its key, so a
     * retry after a lost answer sends the very same change and the provider replays it instead of
     * applying it twice, even if more GB were bought meanwhile (those follow in the next round).
     */
    async syncBandwidthDue(limit = 50): Promise<number> {
      const due = (
        (await db.execute(sql`
          SELECT s.id, s.upstream_ref, s.bandwidth_gb, s.upstream_bandwidth_gb, s.upstream_bandwidth_target_gb
          FROM subscriptions s JOIN plans p ON p.id = s.plan_id
          WHERE s.upstream_ref IS NOT NULL AND s.upstream_bandwidth_gb IS NOT NULL AND s.deleted_at IS NULL
            AND (s.upstream_bandwidth_target_gb IS NOT NULL OR s.bandwidth_gb <> s.upstream_bandwidth_gb)
            AND lower(trim(p.provider)) = ${UPSTREAM_PROVIDER}
          ORDER BY s.updated_at LIMIT ${limit}`)) as unknown as { rows: BandwidthDue[] }
      ).rows;
      let synced = 0;
      for (const s of due) {
        const from = s.upstream_bandwidth_gb;
        const target = s.upstream_bandwidth_target_gb ?? s.bandwidth_gb;
        try {
          if (s.upstream_bandwidth_target_gb === null) {
            await db.execute(sql`
              UPDATE subscriptions SET upstream_bandwidth_target_gb = ${target}
              WHERE id = ${s.id} AND upstream_bandwidth_target_gb IS NULL`);
          }
          const backend = deps.backend();
          const key = `${s.id}:bandwidth:${from}->${target}`;
          if (target > from) await backend.addBandwidth(s.upstream_ref, target - from, key);
          else await backend.removeBandwidth(s.upstream_ref, from - target, key);
          const updated = await db.execute(sql`
            UPDATE subscriptions SET upstream_bandwidth_gb = ${target}, upstream_bandwidth_target_gb = NULL
            WHERE id = ${s.id} AND upstream_bandwidth_gb = ${from} RETURNING id`);
          synced += (updated as unknown as { rows: unknown[] }).rows.length;
        } catch (error) {
          const detail = error instanceof ProxyBackendError ? error.detail : String(error);
          deps.log?.warn({ subscriptionId: s.id, detail }, 'upstream bandwidth sync failed; retried on the next run');
        }
      }
      return synced;
    },
  };
}
