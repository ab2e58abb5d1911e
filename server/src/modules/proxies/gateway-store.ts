import { rowsOf } from '#platform/db/rows.ts';
import { timingSafeEqual } from 'node:crypto';
import { parseOwnServers, type OwnServers } from '@tollgate/contract/proxies/own-servers';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import type { AccessStore, Grant, Refusal, Remaining } from '@tollgate/gateway/access';
import { sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import { purchaseCountryOf } from './purchase-country';

/** The columns the gateway decides on, read by username or by whitelisted IP. */
const ACCESS_COLUMNS = sql`
  s.id, s.proxy_username, s.proxy_password, s.status, s.country, s.expires_at, s.deleted_at, s.plan_type,
  s.bandwidth_gb, s.threads, s.bandwidth_used_bytes, s.geo_region, s.city, s.isp,
  s.residential_settings, s.mobile_settings, s.ipv6_settings, p.enabled AS plan_enabled, p.provider,
  a.deleted_at AS account_deleted_at, a.disabled_at AS account_disabled_at`;
/** Every lookup reads the owner too: a deleted or disabled account is never served, whatever its plans say. */
const ACCESS_FROM = sql`subscriptions s JOIN plans p ON p.id = s.plan_id JOIN accounts a ON a.id = s.account_id`;

interface AccessRow {
  id: string;
  proxy_username: string;
  proxy_password: string | null;
  status: string;
  country: string;
  expires_at: Date | string | null;
  deleted_at: Date | string | null;
  plan_type: Grant['planType'];
  bandwidth_gb: number;
  threads: number;
  bandwidth_used_bytes: string | number;
  geo_region: string | null;
  city: string | null;
  isp: string | null;
  residential_settings: Record<string, unknown>;
  mobile_settings: Record<string, unknown>;
  ipv6_settings: Record<string, unknown>;
  plan_enabled: boolean;
  provider: string;
  account_deleted_at: Date | string | null;
  account_disabled_at: Date | string | null;
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Sold by threads: threads on the plan, or (none set either way) an ISP or datacenter plan, as the
 * dashboard reads it. Everything else is sold by GB, also when staff set it to 0 GB: that is a plan
 * with nothing left, not an unlimited one.
 */
const byThreads = (row: Pick<AccessRow, 'bandwidth_gb' | 'threads' | 'plan_type'>) =>
  row.bandwidth_gb === 0 && (row.threads > 0 || row.plan_type === 'isp' || row.plan_type === 'datacenter');
const BY_THREADS = sql`(s.bandwidth_gb = 0 AND (s.threads > 0 OR s.plan_type IN ('isp', 'datacenter')))`;

const remainingOf = (row: Pick<AccessRow, 'bandwidth_gb' | 'threads' | 'plan_type' | 'bandwidth_used_bytes'>) =>
  byThreads(row) ? null : row.bandwidth_gb * BYTES_PER_GB - Number(row.bandwidth_used_bytes);

function decide(row: AccessRow, now: Date): Grant | Refusal {
  const refuse = (reason: string): Refusal => ({ kind: 'refusal', reason });
  if (row.account_deleted_at) return refuse('Account was deleted');
  if (row.account_disabled_at) return refuse('Account is disabled');
  if (row.deleted_at) return refuse('Plan was removed');
  if (row.status === 'pending') return refuse('Plan is waiting for its payment');
  if (row.status === 'cancelled') return refuse('Plan was cancelled');
  if (row.status === 'expired' || (row.expires_at && new Date(row.expires_at) <= now)) return refuse('Plan expired');
  if (!row.plan_enabled) return refuse('Plan is not available');
  if (row.provider.trim().toLowerCase() === 'upstream') return refuse('Plan is delivered by the upstream provider');
  const remainingBytes = remainingOf(row);
  if (remainingBytes !== null && remainingBytes <= 0) return refuse('Bandwidth used up');
  if (remainingBytes === null && row.threads <= 0) return refuse('This plan has no threads');
  const settings =
    row.plan_type === 'mobile'
      ? row.mobile_settings
      : row.plan_type === 'ipv6'
        ? row.ipv6_settings
        : row.residential_settings;
  const session = settings.session === 'sticky' || settings.session === 'rotating' ? settings.session : undefined;
  const lifetime = typeof settings.lifetime === 'number' ? settings.lifetime : undefined;
  const purchaseCountry = purchaseCountryOf(row.plan_type, row.country);
  return {
    kind: 'grant',
    subscriptionId: row.id,
    user: row.proxy_username,
    planType: row.plan_type,
    // Bandwidth plans are not limited in threads; thread plans are limited in nothing else.
    threads: remainingBytes === null ? row.threads : 0,
    remainingBytes,
    ...(purchaseCountry ? { purchaseCountry } : {}),
    defaults: {
      ...(row.geo_region ? { country: row.geo_region } : {}),
      ...(row.city ? { city: row.city } : {}),
      ...(row.isp ? { isp: row.isp } : {}),
      ...(session ? { session } : {}),
      ...(lifetime ? { lifetime } : {}),
    },
  };
}

/**
 * The gateway's view of the shop, on the shop's database: one indexed query per cache miss,
 * and one transaction per flush that adds usage to hourly buckets and to the plan's used bytes
 * (additions only, so any number of gateway nodes can report concurrently).
 */
export function createGatewayStore(
  db: Db,
  now: () => Date = () => new Date(),
  hooks: {
    /** After a flush committed, with the plans it reported (usage alerts, ADR 034); its failure is the hook's. */
    afterReport?: (subscriptionIds: readonly string[]) => Promise<void>;
  } = {},
): AccessStore {
  // Both drivers (pg and PGlite) answer raw statements as { rows }.
  const rows = async (query: ReturnType<typeof sql>) => rowsOf<AccessRow>(await db.execute(query));
  /** The OwnServers setting last read, by its row's `updated_at` (null: no row, the default). */
  let exits: { stamp: string | null; servers: OwnServers } | null = null;

  return {
    async byCredentials(user, password) {
      const [row] = await rows(sql`
        SELECT ${ACCESS_COLUMNS} FROM ${ACCESS_FROM}
        WHERE s.proxy_username = ${user}`);
      if (!row?.proxy_password || !sameSecret(row.proxy_password, password)) return null;
      return decide(row, now());
    },

    async byIp(ip, user) {
      // An address belongs to one account (whitelist_owners), whose plans may all list it. The
      // username names one; otherwise a usable plan with bandwidth left serves, the one that ends
      // first (so what would expire unused goes first), and the choice is the same on every node.
      const [row] = await rows(sql`
        SELECT ${ACCESS_COLUMNS} FROM subscription_whitelist w JOIN ${ACCESS_FROM} ON s.id = w.subscription_id
        WHERE w.ip = ${ip} ${user === undefined ? sql`` : sql`AND s.proxy_username = ${user}`}
        ORDER BY (s.status = 'active' AND s.deleted_at IS NULL AND a.deleted_at IS NULL AND a.disabled_at IS NULL
                  AND s.expires_at > now()
                  AND p.enabled AND lower(trim(p.provider)) <> 'upstream') DESC,
                 (${BY_THREADS} OR s.bandwidth_used_bytes < s.bandwidth_gb::bigint * ${BYTES_PER_GB}) DESC,
                 s.expires_at, s.created_at, s.id
        LIMIT 1`);
      return row ? decide(row, now()) : null;
    },

    async report(usage) {
      const answers = new Map<string, Remaining>();
      if (usage.length === 0) return answers;
      const perSubscription = new Map<string, number>();
      for (const u of usage)
        perSubscription.set(u.subscriptionId, (perSubscription.get(u.subscriptionId) ?? 0) + u.bytesIn + u.bytesOut);
      const buckets = sql.join(
        usage.map(
          (u) =>
            sql`(${u.subscriptionId}::uuid, ${u.hour.toISOString()}::timestamptz, ${u.country}, ${u.bytesIn}::bigint, ${u.bytesOut}::bigint, ${u.requests}::bigint, ${u.failures}::bigint)`,
        ),
        sql`, `,
      );
      const totals = sql.join(
        [...perSubscription].map(([id, bytes]) => sql`(${id}::uuid, ${bytes}::bigint)`),
        sql`, `,
      );
      const updated = await db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO proxy_usage_hourly (subscription_id, hour, country, bytes_in, bytes_out, requests, failures)
          SELECT * FROM (VALUES ${buckets}) AS v(subscription_id, hour, country, bytes_in, bytes_out, requests, failures)
          WHERE EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = v.subscription_id)
          ON CONFLICT (subscription_id, hour, country) DO UPDATE SET
            bytes_in = proxy_usage_hourly.bytes_in + excluded.bytes_in,
            bytes_out = proxy_usage_hourly.bytes_out + excluded.bytes_out,
            requests = proxy_usage_hourly.requests + excluded.requests,
            failures = proxy_usage_hourly.failures + excluded.failures`);
        const result = await tx.execute(sql`
          UPDATE subscriptions s SET bandwidth_used_bytes = s.bandwidth_used_bytes + d.bytes
          FROM (VALUES ${totals}) AS d(id, bytes), plans p, accounts a
          WHERE s.id = d.id AND p.id = s.plan_id AND a.id = s.account_id
          RETURNING ${ACCESS_COLUMNS}`);
        return rowsOf<AccessRow>(result);
      });
      if (hooks.afterReport) await hooks.afterReport([...perSubscription.keys()]);
      const t = now();
      for (const row of updated) {
        const decision = decide(row, t);
        answers.set(row.id, {
          remainingBytes: remainingOf(row),
          allowed: decision.kind === 'grant' || decision.reason === 'Bandwidth used up',
        });
      }
      return answers;
    },

    async rotations() {
      // Rotation links (ADR 034): what was asked in the last two minutes; the node applies each generation once.
      return rowsOf<{ subscription_id: string; session: string; generation: number }>(
        await db.execute(sql`
          SELECT subscription_id, session, generation FROM session_rotations
          WHERE rotated_at > now() - interval '2 minutes'`),
      ).map((r) => ({ subscriptionId: r.subscription_id, session: r.session, generation: Number(r.generation) }));
    },

    async exits() {
      // Re-read every 2 s by every node: the value (up to megabytes) travels only when its row changed.
      const [row] = rowsOf<{ stamp: string; value: unknown }>(
        await db.execute(sql`
          SELECT updated_at::text AS stamp,
                 CASE WHEN updated_at::text = ${exits?.stamp ?? ''} THEN NULL ELSE value END AS value
          FROM settings WHERE key = 'OwnServers'`),
      );
      const stamp = row?.stamp ?? null;
      if (!exits || exits.stamp !== stamp) exits = { stamp, servers: parseOwnServers(row?.value).servers };
      return exits.servers;
    },
  };
}
