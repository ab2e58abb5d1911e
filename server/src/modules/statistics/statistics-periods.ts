import {
  daysInRange,
  defaultGranularity,
  type Granularity,
  type StatisticsQuery,
} from '@tollgate/contract/admin/statistics';

const DAY_MS = 86_400_000;
const parseDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => formatDay(parseDay(day) + n * DAY_MS);

export interface Periods {
  granularity: Granularity;
  current: { from: string; to: string };
  previous: { from: string; to: string };
}

/** The asked range (default: the 30 days ending today, UTC), the period before it and the bucket size. */
export function resolvePeriods(query: StatisticsQuery, now: Date): Periods {
  const today = formatDay(now.getTime());
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  const days = daysInRange(from, to);
  const previousTo = addDays(from, -1);
  return {
    granularity: query.granularity ?? defaultGranularity(days),
    current: { from, to },
    previous: { from: addDays(previousTo, -(days - 1)), to: previousTo },
  };
}

/** The first day of the bucket after the one `day` is in (weeks start on Monday, as date_trunc's). */
function nextBucketStart(day: string, granularity: Granularity): string {
  const date = new Date(parseDay(day));
  if (granularity === 'day') return addDays(day, 1);
  if (granularity === 'week') return addDays(day, 7 - ((date.getUTCDay() + 6) % 7));
  return formatDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** Every bucket of a period in order, the first and last clipped to it. */
export function bucketsOf(period: { from: string; to: string }, granularity: Granularity) {
  const out: { start: string; end: string }[] = [];
  for (let start = period.from; start <= period.to;) {
    const next = nextBucketStart(start, granularity);
    const last = addDays(next, -1);
    out.push({ start, end: last < period.to ? last : period.to });
    start = next;
  }
  return out;
}
