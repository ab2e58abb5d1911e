import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { queryRows } from '#platform/db/rows.ts';
import { dailyRepository } from './statistics-daily.repository';
import { memoized } from './statistics-memo.repository';
import { plansRepository } from './statistics-plans.repository';
import { bounds, dayOf, startOfDay, throughOf, type StatisticsScope, type StatisticsWindow } from './statistics-sql';

export type { StatisticsScope, StatisticsWindow } from './statistics-sql';

/**
 * The statistics queries. Each reads both periods at once (they are adjacent) and answers aggregated
 * rows: per UTC day where figures add up (the service puts days into buckets), per bucket where they
 * do not (distinct customers). No row of a customer ever reaches Node. Closed days are read from
 * roll-ups: `statistics_daily` for the figures that add up, `statistics_memo` for those that do not
 * (distinct payers, top customers), and only the days since are counted live (ADR 040). The
 * indexes are migrations 0029's and 0031's, and `proxy_usage_daily` the per-day roll-up of metered bytes.
 */

type PayingRow = { period: 'current' | 'previous'; bucket: string | null; n: number };
const PAID_SALES = sql`status = 'paid' and kind in ('purchase', 'renewal')`;

/**
 * Distinct paying accounts per bucket and per period among payments in [from, to), in one pass over
 * `invoices_paid_account_idx`: rows arrive in account order, so grouping by account, period and
 * rollup(bucket) streams (no sort or hash of every account) and leaves one row per account and
 * bucket plus one per account and period (bucket null) to count.
 */
function payingBetween(w: StatisticsWindow, from: SQL, to: SQL) {
  const { cs } = bounds(w);
  return sql`select case when cur then 'current' else 'previous' end as period, to_char(b, 'YYYY-MM-DD') as bucket, count(*)::int as n
      from (select account_id, paid_at >= ${cs} as cur,
                   date_trunc(${w.granularity}::text, paid_at at time zone 'UTC')::date as b
            from invoices where status = 'paid' and paid_at >= ${from} and paid_at < ${to}
            group by account_id, cur, rollup (b)) x
      group by cur, b`;
}

/**
 * Accounts paying in [from, to) (the live days) that had not paid earlier in the same bucket, nor
 * earlier in the same period: what they add to the closed days' counts.
 */
function payingSince(w: StatisticsWindow, from: SQL, to: SQL) {
  const { ps, cs } = bounds(w);
  const earlier = (since: SQL) =>
    sql`exists (select 1 from invoices o where o.status = 'paid' and o.account_id = l.account_id
                and o.paid_at >= ${since} and o.paid_at < ${from})`;
  const periodStart = sql`case when l.cur then ${cs} else ${ps} end`;
  return sql`with l as (select distinct account_id, paid_at >= ${cs} as cur,
                               date_trunc(${w.granularity}::text, paid_at at time zone 'UTC')::date as b
                        from invoices where status = 'paid' and paid_at >= ${from} and paid_at < ${to}),
             n as (select l.*, not ${earlier(sql`greatest(l.b::timestamp at time zone 'UTC', ${periodStart})`)} as in_bucket,
                          not ${earlier(periodStart)} as in_period
                   from l)
      select case when cur then 'current' else 'previous' end as period, to_char(b, 'YYYY-MM-DD') as bucket,
             (count(*) filter (where in_bucket))::int as n
      from n group by cur, b
      union all
      select case when cur then 'current' else 'previous' end, null, (count(distinct account_id) filter (where in_period))::int
      from n group by cur`;
}

export const statisticsRepository = {
  ...dailyRepository,
  ...plansRepository,

  /**
   * Distinct paying accounts per bucket (its date_trunc start, before clipping) and per period
   * (bucket null): the closed days' count (kept) plus the accounts paying since that had not paid
   * earlier in the same bucket or period.
   */
  async payingCustomers(db: DbOrTx, w: StatisticsScope) {
    const { ps, ce } = bounds(w);
    const through = throughOf(w);
    const liveFrom = startOfDay(through);
    const key = `paying:${w.granularity}:${w.previousFrom}:${w.currentFrom}:${w.currentEnd}`;
    const span = { from: dayOf(w.previousFrom), through };
    const [closed, live] = await Promise.all([
      memoized(db, key, span, () => queryRows<PayingRow>(db, payingBetween(w, ps, liveFrom))),
      queryRows<PayingRow>(db, payingSince(w, liveFrom, ce)),
    ]);
    const sums = new Map<string, PayingRow>();
    for (const r of [...closed, ...live]) {
      const k = `${r.period}:${r.bucket}`;
      const seen = sums.get(k);
      if (seen) seen.n += r.n;
      else sums.set(k, { ...r });
    }
    return [...sums.values()];
  },

  /**
   * Customers by paid purchase + renewal spending in the current period. Only the closed days' top
   * accounts (kept) and the accounts paying since can be in it: spending only grows, so an account
   * that paid nothing since ranks no higher than it did over the closed days.
   */
  async topCustomers(db: DbOrTx, w: StatisticsScope, top: number) {
    const { cs, ce } = bounds(w);
    const through = throughOf(w);
    const liveFrom = sql`greatest(${cs}, ${startOfDay(through)})`;
    const key = `top-customers:${top}:${w.currentFrom}:${w.currentEnd}`;
    const from = dayOf(w.currentFrom);
    const span = { from, through: through < from ? from : through };
    const ids = await memoized(db, key, span, async () =>
      (
        await queryRows<{ id: string }>(
          db,
          sql`select account_id as id from invoices where ${PAID_SALES} and paid_at >= ${cs} and paid_at < ${liveFrom}
              group by account_id order by sum(total_cents) desc, count(*) desc, account_id limit ${top}`,
        )
      ).map((r) => r.id),
    );
    return queryRows<{ accountId: string; username: string; email: string; cents: number; n: number }>(
      db,
      sql`select a.id as "accountId", a.username, a.email, t.cents, t.n
          from (select account_id, sum(total_cents)::float8 as cents, count(*)::int as n from invoices
                where ${PAID_SALES} and paid_at >= ${cs} and paid_at < ${ce}
                  and account_id in (select unnest(${`{${ids.join(',')}}`}::uuid[])
                                     union select account_id from invoices
                                     where ${PAID_SALES} and paid_at >= ${liveFrom} and paid_at < ${ce})
                group by account_id order by cents desc, n desc, account_id limit ${top}) t
          join accounts a on a.id = t.account_id
          order by t.cents desc, t.n desc, a.id`,
    );
  },

  /** Metered bytes per day, from the daily roll-up. */
  bandwidth(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce } = bounds(w);
    return queryRows<{ day: string; bytes: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, (bytes_in + bytes_out)::float8 as bytes
          from proxy_usage_daily
          where day >= (${ps} at time zone 'UTC')::date and day < (${ce} at time zone 'UTC')::date`,
    );
  },
};
