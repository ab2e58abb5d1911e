import { queryRows } from '#platform/db/rows.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { bounds, dayOf, startOfDay, type StatisticsScope } from './statistics-sql';

/**
 * `statistics_daily`: per closed day, the figures that add up. Money by kind, method and plan,
 * refunds, sign-ups; and for the plans (ADR 040) starts and ends of running plans by type, ends of
 * plan terms, and the ends renewals moved (cents = how many were renewed by then). It is filled on
 * the first read of a closed day, from the first day a plan started, and `statistics_daily_done`
 * lists the days it holds; writes dated into a closed day forget it (triggers of 0029 and 0036).
 */

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const RUNNING = sql`status in ('active', 'expired')`;
/** Above this many separate runs of missing days, one pass over all of them is cheaper. */
const MAX_RUNS = 20;
const LARGE_FILL_DAYS = 60;

/**
 * The money and sign-ups per UTC day from `from` to `to` (instants): paid invoices by kind, method
 * and plan; refunds by the method of what they refund, to the balance (ledger) or outside it
 * (`payment_returns`); customer sign-ups (kind `signup`).
 */
function moneyAggregate(from: SQL, to: SQL) {
  const ref = sql`case when l.reference ~ ${UUID_PATTERN} then l.reference::uuid end`;
  return sql`
    select (paid_at at time zone 'UTC')::date as d, kind, payment_method as method, coalesce(plan_id::text, '') as plan,
           sum(total_cents)::bigint as cents, count(*)::int as n
    from invoices where status = 'paid' and paid_at >= ${from} and paid_at < ${to}
    group by 1, 2, 3, 4
    union all
    select d, 'refund', method, '', sum(cents)::bigint, sum(n)::int from (
      select (l.created_at at time zone 'UTC')::date as d, coalesce(m.method, 'balance') as method,
             abs(l.amount_cents) as cents, 1 as n
      from ledger_entries l
      left join lateral (
        select coalesce(
          (select i.payment_method from invoices i where i.id = ${ref}),
          (select pi.payment_method from payments p join invoices pi on pi.id = p.invoice_id where p.id = ${ref})) as method
      ) m on true
      where l.kind = 'refund' and l.created_at >= ${from} and l.created_at < ${to}
      union all
      -- Money back outside the balance (ADR 039): refunds at the provider, disputes, staff records;
      -- a won dispute gives its amount back on the day it was won.
      select (r.created_at at time zone 'UTC')::date, i.payment_method, r.amount_cents, 1
      from payment_returns r join invoices i on i.id = r.invoice_id
      where r.created_at >= ${from} and r.created_at < ${to}
      union all
      select (r.reinstated_at at time zone 'UTC')::date, i.payment_method, -r.amount_cents, -1
      from payment_returns r join invoices i on i.id = r.invoice_id
      where r.reinstated_at >= ${from} and r.reinstated_at < ${to}
    ) refunds
    group by d, method
    union all
    select (created_at at time zone 'UTC')::date, 'signup', '', '', 0, count(*)::int
    from accounts where role = 'User' and created_at >= ${from} and created_at < ${to}
    group by 1`;
}

/** The plans' figures per UTC day from `from` to `to` (closed days only: ends are not "up to now"). */
function plansAggregate(from: SQL, to: SQL) {
  const day = (at: string) => sql.raw(`(${at} at time zone 'UTC')::date`);
  return sql`
    select ${day('starts_at')}, 'start', plan_type, '', 0, count(*)::int from subscriptions
    where ${RUNNING} and starts_at >= ${from} and starts_at < ${to} group by 1, 3
    union all
    select ${day('expires_at')}, 'end', plan_type, '', 0, count(*)::int from subscriptions
    where ${RUNNING} and starts_at is not null and expires_at >= ${from} and expires_at < ${to} group by 1, 3
    union all
    select ${day('expires_at')}, 'term_end', '', '', 0, count(*)::int from subscriptions
    where ${RUNNING} and expires_at >= ${from} and expires_at < ${to} group by 1
    union all
    select ${day('previous_expires_at')}, 'renewed_end', '', '', count(*) filter (where paid_at <= previous_expires_at), count(*)::int
    from subscription_renewals where previous_expires_at >= ${from} and previous_expires_at < ${to} group by 1`;
}

/** The window's per-day money rows: the roll-up for closed days, the live aggregate for the rest. */
function moneySource(s: StatisticsScope) {
  const { ps, ce } = bounds(s);
  const liveFrom = sql`greatest(${ps}, ${startOfDay(s.closed)})`;
  return sql`(
    select day as d, kind, method, plan, cents, n from statistics_daily
    where day >= ${dayOf(s.previousFrom)}::date and day < ${dayOf(s.currentEnd)}::date and day < ${s.closed}::date
      and kind in ('deposit', 'purchase', 'renewal', 'refund', 'signup')
    union all
    ${moneyAggregate(liveFrom, ce)})`;
}

/**
 * The runs of closed days the roll-up does not hold, from the first day a plan started (the plans
 * running before a window are summed from it) or the window's start, to the window's end.
 */
function missingRuns(db: DbOrTx, s: StatisticsScope) {
  const first = sql`(select (min(starts_at) at time zone 'UTC')::date from subscriptions where ${RUNNING} and starts_at is not null)`;
  return queryRows<{ lo: string; hi: string }>(
    db,
    sql`select to_char(min(d), 'YYYY-MM-DD') as lo, to_char(max(d), 'YYYY-MM-DD') as hi
        from (select d, d - (row_number() over (order by d))::int as run
              from (select g::date as d
                    from generate_series(least(${dayOf(s.previousFrom)}::date, ${first}),
                                         least(${dayOf(s.currentEnd)}::date, ${s.closed}::date) - 1, interval '1 day') g
                    where not exists (select 1 from statistics_daily_done x where x.day = g::date)) m) r
        group by run order by 1`,
  );
}

export const dailyRepository = {
  /** The first day not closed (see `StatisticsScope`), by the database's clock. */
  async closedDay(db: DbOrTx) {
    const [row] = await queryRows<{ day: string }>(
      db,
      sql`select to_char(((now() - interval '1 hour') at time zone 'UTC')::date, 'YYYY-MM-DD') as day`,
    );
    return row!.day;
  },

  /**
   * Fills the roll-up for the closed days it does not hold yet, one pass per run of missing days.
   * Requests filling at once queue on an advisory lock; when nothing is missing (the usual case) it
   * costs one read and no transaction.
   */
  async ensureDaily(db: Db, s: StatisticsScope) {
    if ((await missingRuns(db, s)).length === 0) return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statistics_daily'))`);
      let runs = await missingRuns(tx, s);
      if (runs.length > MAX_RUNS) runs = [{ lo: runs[0]!.lo, hi: runs.at(-1)!.hi }];
      let days = 0;
      for (const { lo, hi } of runs) {
        days += (Date.parse(hi) - Date.parse(lo)) / 86_400_000 + 1;
        const from = startOfDay(lo);
        const to = sql`(${hi}::date + 1)::timestamp at time zone 'UTC'`;
        await tx.execute(sql`delete from statistics_daily where day between ${lo}::date and ${hi}::date`);
        await tx.execute(
          sql`insert into statistics_daily (day, kind, method, plan, cents, n)
              ${moneyAggregate(from, to)} union all ${plansAggregate(from, to)}`,
        );
        await tx.execute(
          sql`insert into statistics_daily_done (day)
              select g::date from generate_series(${lo}::date, ${hi}::date, interval '1 day') g
              on conflict do nothing`,
        );
      }
      // A first fill (or a refill after this migration) writes thousands of rows at once: without
      // fresh statistics the planner sorts them instead of hashing until autovacuum comes by.
      if (days > LARGE_FILL_DAYS) await tx.execute(sql`analyze statistics_daily`);
    });
  },

  /**
   * Money per day, kind and method (cents), and sign-ups per day (kind `signup`, in n). Cents are
   * summed as float8 (exact up to 2^53 cents), not numeric: half the time over two years of rows.
   */
  daily(db: DbOrTx, s: StatisticsScope) {
    return queryRows<{ day: string; kind: string; method: string; cents: number; n: number }>(
      db,
      sql`select to_char(d, 'YYYY-MM-DD') as day, kind, method, sum(cents::float8) as cents, sum(n)::int as n
          from ${moneySource(s)} s group by d, kind, method`,
    );
  },

  /** The current period's plans by paid purchase + renewal money and by count: each top list. */
  topPlans(db: DbOrTx, s: StatisticsScope, top: number) {
    return queryRows<{
      planId: string;
      title: string;
      type: string;
      cents: number;
      n: number;
      byRevenue: number;
      byCount: number;
    }>(
      db,
      sql`select t.plan as "planId", p.title, p.type, t.cents, t.n, t.by_revenue as "byRevenue", t.by_count as "byCount"
          from (select plan, cents, n,
                  row_number() over (order by cents desc, n desc, plan)::int as by_revenue,
                  row_number() over (order by n desc, cents desc, plan)::int as by_count
                from (select plan, sum(cents::float8) as cents, sum(n)::int as n from ${moneySource(s)} s
                      where d >= ${dayOf(s.currentFrom)}::date and kind in ('purchase', 'renewal') and plan <> ''
                      group by plan) g) t
          join plans p on p.id = t.plan::uuid
          where t.by_revenue <= ${top} or t.by_count <= ${top}`,
    );
  },
};
