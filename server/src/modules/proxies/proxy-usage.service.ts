import { USAGE_MAX_DAYS, type proxyUsage } from '@tollgate/contract/proxies/proxies';
import type { ParsedQueryOf, PayloadOf } from '@tollgate/contract/endpoint';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { badRequest, notFound } from '#platform/http/errors.ts';
import type { ProxiesDeps } from './proxies.service';
import { usageReport } from './proxy-usage.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DEFAULT_DAYS = 7;
const TOP_COUNTRIES = 10;
/** A forecast further out than any date a client can show is shown as this one. */
const LATEST = Date.UTC(9999, 11, 31);

type Usage = PayloadOf<typeof proxyUsage>;
type Point = Usage['series'][number];

const startOf = (time: number, step: number) => Math.floor(time / step) * step;

type UsageQuery = ParsedQueryOf<typeof proxyUsage>;
const instant = (iso: string | undefined) => (iso === undefined ? '' : String(new Date(iso).getTime()));

/** The usage query as a cache key: the same instants however the client spelled them. */
export const usageAnswerKey = (query: UsageQuery) =>
  `${query.subscriptionId.toLowerCase()}|${instant(query.from)}|${instant(query.to)}|${query.granularity}`;

/**
 * When an answer turns by the clock alone: at the next whole hour the last day's rate moves on (and
 * an open-ended range gains a bucket); an open-ended range grows past the limit at `from` + the limit.
 * Between those only usage writes change it, and they are announced (migration 0026).
 */
export function usageTurnsAt(query: UsageQuery, at: number = Date.now()): number {
  const nextHour = startOf(at, HOUR_MS) + HOUR_MS;
  if (query.to || !query.from) return nextHour;
  return Math.min(nextHour, new Date(query.from).getTime() + USAGE_MAX_DAYS * DAY_MS);
}

/** What the gateway metered for one of my plans, as a continuous series for charts. */
export function createProxyUsageService({ db, now = () => new Date() }: Pick<ProxiesDeps, 'db' | 'now'>) {
  return async function usage(accountId: string, query: UsageQuery): Promise<Usage> {
    const at = now();
    const to = query.to ? new Date(query.to) : at;
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
    if (from.getTime() >= to.getTime()) throw badRequest('from must be before to');
    if (to.getTime() - from.getTime() > USAGE_MAX_DAYS * DAY_MS)
      throw badRequest(`Choose a range of at most ${USAGE_MAX_DAYS} days`);

    // Buckets start on whole hours, or on UTC midnights by day, so every chart point covers a whole one.
    const step = query.granularity === 'day' ? DAY_MS : HOUR_MS;
    const start = new Date(startOf(from.getTime(), step));
    const row = await usageReport(db, {
      id: query.subscriptionId,
      accountId,
      start,
      to,
      stepMs: step,
      since: new Date(at.getTime() - DAY_MS),
      topCountries: TOP_COUNTRIES,
    });
    if (!row) throw notFound('No such subscription');

    const series: Point[] = [];
    for (let t = start.getTime(); t < to.getTime(); t += step) {
      series.push({ at: new Date(t).toISOString(), bytesIn: 0, bytesOut: 0, requests: 0, failures: 0 });
    }
    const totals = { bytesIn: 0, bytesOut: 0, requests: 0, failures: 0 };
    for (const bucket of row.buckets) {
      const point = series[(bucket.at - start.getTime()) / step];
      for (const key of ['bytesIn', 'bytesOut', 'requests', 'failures'] as const) {
        if (point) point[key] += bucket[key];
        totals[key] += bucket[key];
      }
    }
    const { countries, recentBytes: lastDay } = row;

    const totalBytes = row.bandwidthGb > 0 ? row.bandwidthGb * BYTES_PER_GB : null;
    const usedBytes = row.bandwidthUsedBytes;
    const remaining = totalBytes === null ? 0 : Math.max(0, totalBytes - usedBytes);
    return {
      subscriptionId: row.id,
      from: start.toISOString(),
      to: to.toISOString(),
      granularity: query.granularity,
      series,
      totals,
      countries,
      bandwidth: { totalBytes, usedBytes },
      forecast: {
        bytesPerDay: lastDay,
        runsOutAt:
          totalBytes !== null && lastDay > 0
            ? new Date(Math.min(LATEST, at.getTime() + Math.round((remaining / lastDay) * DAY_MS))).toISOString()
            : null,
      },
    };
  };
}
