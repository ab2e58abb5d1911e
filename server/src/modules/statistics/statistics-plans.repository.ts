import { queryRows } from '#platform/db/rows.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { bounds, dayOf, rolledUntil, startOfDay, type StatisticsScope } from './statistics-sql';

/**
 * The plans' figures: running plans, renewals and churn. Starts, ends and renewal ends of closed
 * days come from `statistics_daily` (ADR 040); only those since, up to now, are read from the plans.
 */

const RUNNING = sql`status in ('active', 'expired') and starts_at is not null`;

export const plansRepository = {
  /**
   * Plan starts (+1) and ends (−1) up to now, per day and type; day null = before the previous
   * period. Summed in order they give the plans running at the end of each bucket.
   */
  subscriptionEvents(db: DbOrTx, s: StatisticsScope) {
    const { ps, ce } = bounds(s);
    const liveFrom = startOfDay(s.closed);
    const limit = sql`least(${ce}, now())`;
    const dayIn = (d: SQL) => sql`case when ${d} >= ${dayOf(s.previousFrom)}::date then ${d} end`;
    return queryRows<{ day: string | null; type: string; delta: number }>(
      db,
      sql`select case when d is not null then to_char(d, 'YYYY-MM-DD') end as day, type, sum(delta)::int as delta
          from (select ${dayIn(sql`day`)} as d, method as type, case kind when 'start' then n else -n end as delta
                from statistics_daily where kind in ('start', 'end') and day < ${rolledUntil(s)}::date
                union all
                select case when at >= ${ps} then (at at time zone 'UTC')::date end, plan_type, sign
                from (select starts_at as at, plan_type, 1 as sign from subscriptions
                      where ${RUNNING} and starts_at >= ${liveFrom} and starts_at < ${limit}
                      union all
                      select expires_at, plan_type, -1 from subscriptions
                      where ${RUNNING} and expires_at >= ${liveFrom} and expires_at < ${limit}) ev) g
          group by d, type`,
    );
  },

  activeNow(db: DbOrTx) {
    return queryRows<{ type: string; n: number }>(
      db,
      sql`select plan_type as type, count(*)::int as n from subscriptions
          where status = 'active' and expires_at > now() group by 1`,
    );
  },

  /**
   * Plan terms that ended in each period (by now): the ends renewals moved (with whether the renewal
   * was paid by then) and the current ends of plans not renewed since.
   */
  renewals(db: DbOrTx, s: StatisticsScope) {
    const { ps, cs, ce } = bounds(s);
    const liveFrom = sql`greatest(${ps}, ${startOfDay(s.closed)})`;
    const limit = sql`least(${ce}, now())`;
    return queryRows<{ period: 'current' | 'previous'; expired: number; renewed: number }>(
      db,
      sql`select case when cur then 'current' else 'previous' end as period, sum(n)::int as expired, sum(renewed)::int as renewed
          from (select day >= ${dayOf(s.currentFrom)}::date as cur, n, case kind when 'renewed_end' then cents else 0 end as renewed
                from statistics_daily where kind in ('term_end', 'renewed_end')
                  and day >= ${dayOf(s.previousFrom)}::date and day < ${rolledUntil(s)}::date
                union all
                select previous_expires_at >= ${cs}, 1, (paid_at <= previous_expires_at)::int from subscription_renewals
                where previous_expires_at >= ${liveFrom} and previous_expires_at < ${limit}
                union all
                select expires_at >= ${cs}, 1, 0 from subscriptions
                where status in ('active', 'expired') and expires_at >= ${liveFrom} and expires_at < ${limit}) t
          group by 1`,
    );
  },

  /**
   * Customers with a plan running at each period's start, and how many of them have none running at
   * its end (or now). The periods are adjacent: the previous one ends where the current one starts.
   * Only the terms running at one of the three instants matter, found through
   * `subscriptions_terms_range_idx` (the same expression).
   */
  async churn(db: DbOrTx, s: StatisticsScope) {
    const { ps, cs, ce } = bounds(s);
    const end = sql`least(${ce}, now())`;
    const term = sql`tstzrange(starts_at, case when expires_at is null then null else greatest(starts_at, expires_at) end)`;
    // The range finds the rows; plain comparisons (the same test) are cheaper per row than the range.
    const runs = (t: SQL) => sql`bool_or(starts_at <= ${t} and (expires_at is null or expires_at > ${t}))`;
    const [row] = await queryRows<{ pa: number; pc: number; ca: number; cc: number }>(
      db,
      sql`select count(*) filter (where a0)::int as pa, count(*) filter (where a0 and not a1)::int as pc,
                 count(*) filter (where a1)::int as ca, count(*) filter (where a1 and not a2)::int as cc
          from (select account_id, ${runs(ps)} as a0, ${runs(cs)} as a1, ${runs(end)} as a2
                from subscriptions
                where ${RUNNING} and (${term} @> ${ps} or ${term} @> ${cs} or ${term} @> ${end})
                group by account_id) a`,
    );
    return {
      previous: { active: row?.pa ?? 0, churned: row?.pc ?? 0 },
      current: { active: row?.ca ?? 0, churned: row?.cc ?? 0 },
    };
  },
};
