import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';

export interface UsageBucket {
  /** Start of the bucket, epoch milliseconds. */
  at: number;
  bytesIn: number;
  bytesOut: number;
  requests: number;
  failures: number;
}

export interface SubscriptionUsage {
  id: string;
  bandwidthGb: number;
  bandwidthUsedBytes: number;
  buckets: UsageBucket[];
  countries: { country: string; bytes: number; requests: number }[];
  /** Bytes both ways metered in hours starting at or after `since`. */
  recentBytes: number;
}

/**
 * Everything the usage view shows of one subscription of this account, in one statement: the range
 * is scanned once and summed by bucket and by country in the database, so a 90-day hourly history
 * crosses the wire as at most one row per bucket. Null when the subscription is not this account's.
 */
export async function usageReport(
  db: DbOrTx,
  input: { id: string; accountId: string; start: Date; to: Date; stepMs: number; since: Date; topCountries: number },
): Promise<SubscriptionUsage | null> {
  const step = `${input.stepMs / 1000} seconds`;
  // One pass over the range: grouping sets sum it by bucket and by country at once.
  const result = await db.execute(sql`
    with owned as (
      select id, bandwidth_gb, bandwidth_used_bytes from subscriptions
      where id = ${input.id} and account_id = ${input.accountId} and deleted_at is null
    ),
    sums as (
      select date_bin(${step}::interval, u.hour, ${input.start}::timestamptz) as at, u.country,
        grouping(u.country) = 1 as by_bucket,
        sum(u.bytes_in) as bytes_in, sum(u.bytes_out) as bytes_out,
        sum(u.requests) as requests, sum(u.failures) as failures
      from proxy_usage_hourly u
      where u.subscription_id = (select id from owned) and u.hour >= ${input.start} and u.hour < ${input.to}
      group by grouping sets ((1), (u.country))
    )
    select owned.id, owned.bandwidth_gb, owned.bandwidth_used_bytes,
      coalesce((select json_agg(json_build_array(
          (extract(epoch from at) * 1000)::bigint, bytes_in, bytes_out, requests, failures) order by at)
        from sums where by_bucket), '[]') as buckets,
      coalesce((select json_agg(json_build_array(country, bytes, requests) order by bytes desc, country)
        from (select country, bytes_in + bytes_out as bytes, requests from sums where not by_bucket
              order by bytes desc, country limit ${input.topCountries}) top), '[]') as countries,
      (select coalesce(sum(bytes_in + bytes_out), 0) from proxy_usage_hourly
        where subscription_id = owned.id and hour >= ${input.since})::bigint as recent_bytes
    from owned
  `);

  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return null;
  // json columns arrive parsed from PostgreSQL and as text from PGlite's raw execute in some paths.
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    id: row.id as string,
    bandwidthGb: Number(row.bandwidth_gb),
    bandwidthUsedBytes: Number(row.bandwidth_used_bytes),
    buckets: json<[number, number, number, number, number][]>(row.buckets).map(
      ([at, bytesIn, bytesOut, requests, failures]) => ({
        at: Number(at),
        bytesIn: Number(bytesIn),
        bytesOut: Number(bytesOut),
        requests: Number(requests),
        failures: Number(failures),
      }),
    ),
    countries: json<[string, number, number][]>(row.countries).map(([country, bytes, requests]) => ({
      country,
      bytes: Number(bytes),
      requests: Number(requests),
    })),
    recentBytes: Number(row.recent_bytes),
  };
}
