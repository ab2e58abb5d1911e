import type { Granularity } from '@tollgate/contract/admin/statistics';
import { sql } from 'drizzle-orm';

/** What the statistics queries share: the window they read and how a closed day is told. */

/** The two adjacent periods, as half-open UTC instants, and the bucket size. */
export interface StatisticsWindow {
  granularity: Granularity;
  previousFrom: string;
  currentFrom: string;
  /** The day after the current period's last day, 00:00 UTC. */
  currentEnd: string;
}

export function bounds(w: StatisticsWindow) {
  return {
    ps: sql`${w.previousFrom}::timestamptz`,
    cs: sql`${w.currentFrom}::timestamptz`,
    ce: sql`${w.currentEnd}::timestamptz`,
  };
}

/**
 * The window and the request's first day not closed (`closed`): the days before it ended over an
 * hour ago, so nothing new is dated into them. Read once per request so that every query splits
 * roll-up and live part at the same day.
 */
export interface StatisticsScope extends StatisticsWindow {
  closed: string;
}

/** 00:00 UTC of a day (an ISO date). */
export const startOfDay = (day: string) => sql`${day}::date::timestamp at time zone 'UTC'`;
export const dayOf = (instant: string) => instant.slice(0, 10);
const minDay = (a: string, b: string) => (a < b ? a : b);

/** The window's first day not closed: its days before it come from roll-ups, the rest is read live. */
export function throughOf(s: StatisticsScope) {
  const from = dayOf(s.previousFrom);
  return minDay(s.closed > from ? s.closed : from, dayOf(s.currentEnd));
}

/** The last day + 1 of the roll-up days a query may read: closed and before the window's end. */
export const rolledUntil = (s: StatisticsScope) => minDay(s.closed, dayOf(s.currentEnd));
