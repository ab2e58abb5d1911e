import type { Granularity } from '@tollgate/contract/admin/statistics';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { memoized, rowsOf } from './statistics-memo.repository';

/**
 * The statistics queries. Each reads both periods at once (they are adjacent) and answers aggregated
 * rows: per UTC day where figures add up (the service puts days into buckets), per bucket where they
 * do not (distinct customers). No row of a customer ever reaches Node. Closed days are read from
 * roll-ups: `statistics_daily` for the figures that add up, `statistics_memo` for those that do not
 * (distinct payers, top customers), with only the days since then counted live (ADR 039). The
 * indexes are migrations 0029's and 0031's, and `proxy_usage_daily` the per-day roll-up of metered bytes.
 */

/** The two adjacent periods, as half-open UTC instants, and the bucket size. */
export interface StatisticsWindow {
  granularity: Granularity;
  previousFrom: string;
  currentFrom: string;
  /** The day after the current period's last day, 00:00 UTC. */
  currentEnd: string;
}

type PayingRow = { period: 'current' | 'previous'; bucket: string | null; n: number };
const PAID_SALES = sql`status = 'paid' and kind in ('purchase', 'renewal')`;

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

function bounds(w: StatisticsWindow) {
  return {
    ps: sql`${w.previousFrom}::timestamptz`,
    cs: sql`${w.currentFrom}::timestamptz`,
    ce: sql`${w.currentEnd}::timestamptz`,
  };
}

/**
 * The figures that add up, per UTC day, from `from` to `to` (instants): paid invoices by kind,
 * method and plan; refunds by the method of what they refund; customer sign-ups (kind `signup`).
 */
function dailyAggregate(from: SQL, to: SQL) {
  const ref = sql`case when l.reference ~ ${UUID_PATTERN} then l.reference::uuid end`;
  return sql`
    select (paid_at at time zone 'UTC')::date as d, kind, payment_method as method, coalesce(plan_id::text, '') as plan,
           sum(total_cents)::bigint as cents, count(*)::int as n
    from invoices where status = 'paid' and paid_at >= ${from} and paid_at < ${to}
    group by 1, 2, 3, 4
    union all
    select (l.created_at at time zone 'UTC')::date, 'refund', coalesce(m.method, 'balance'), '',
           sum(abs(l.amount_cents))::bigint, count(*)::int
    from ledger_entries l
    left join lateral (
      select coalesce(
        (select i.payment_method from invoices i where i.id = ${ref}),
        (select pi.payment_method from payments p join invoices pi on pi.id = p.invoice_id where p.id = ${ref})) as method
    ) m on true
    where l.kind = 'refund' and l.created_at >= ${from} and l.created_at < ${to}
    group by 1, 3
    union all
    select (created_at at time zone 'UTC')::date, 'signup', '', '', 0, count(*)::int
    from accounts where role = 'User' and created_at >= ${from} and created_at < ${to}
    group by 1`;
}

/** Days before this one are closed: they ended over an hour ago, so nothing new is dated into them. */
const closedUntil = sql`((now() - interval '1 hour') at time zone 'UTC')::date`;

/** The window's per-day rows: the roll-up for closed days, the live aggregate for the rest. */
function dailySource(w: StatisticsWindow) {
  const { ps, ce } = bounds(w);
  const liveFrom = sql`greatest(${ps}, ${closedUntil}::timestamp at time zone 'UTC')`;
  return sql`(
    select day as d, kind, method, plan, cents, n from statistics_daily
    where day >= (${ps} at time zone 'UTC')::date and day < (${ce} at time zone 'UTC')::date and day < ${closedUntil}
    union all
    ${dailyAggregate(liveFrom, ce)})`;
}

/** The first and last of the window's closed days the roll-up does not hold (null when none). */
function missingSpan(db: DbOrTx, w: StatisticsWindow) {
  const { ps, ce } = bounds(w);
  return rowsOf<{ lo: string | null; hi: string | null }>(
    db,
    sql`select to_char(min(d), 'YYYY-MM-DD') as lo, to_char(max(d), 'YYYY-MM-DD') as hi
        from generate_series((${ps} at time zone 'UTC')::date,
                             least((${ce} at time zone 'UTC')::date, ${closedUntil}) - 1, interval '1 day') g(d)
        where not exists (select 1 from statistics_daily_done x where x.day = g.d::date)`,
  );
}

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
  /**
   * Fills the roll-up for the window's closed days it does not hold yet, in one pass over the span
   * between the first and last missing day. Requests filling at once queue on an advisory lock; a
   * window with nothing missing (the usual case) costs one read and no transaction.
   */
  async ensureDaily(db: Db, w: StatisticsWindow) {
    const [missing] = await missingSpan(db, w);
    if (!missing?.lo) return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statistics_daily'))`);
      const [span] = await missingSpan(tx, w);
      if (!span?.lo || !span.hi) return;
      const from = sql`${span.lo}::date::timestamp at time zone 'UTC'`;
      const to = sql`(${span.hi}::date + 1)::timestamp at time zone 'UTC'`;
      await tx.execute(sql`delete from statistics_daily where day between ${span.lo}::date and ${span.hi}::date`);
      await tx.execute(
        sql`insert into statistics_daily (day, kind, method, plan, cents, n) ${dailyAggregate(from, to)}`,
      );
      await tx.execute(
        sql`insert into statistics_daily_done (day)
            select g::date from generate_series(${span.lo}::date, ${span.hi}::date, interval '1 day') g
            on conflict do nothing`,
      );
    });
  },

  /** Money per day, kind and method (cents), and sign-ups per day (kind `signup`, in n). */
  daily(db: DbOrTx, w: StatisticsWindow) {
    return rowsOf<{ day: string; kind: string; method: string; cents: number; n: number }>(
      db,
      sql`select to_char(d, 'YYYY-MM-DD') as day, kind, method, sum(cents)::float8 as cents, sum(n)::int as n
          from ${dailySource(w)} s group by d, kind, method`,
    );
  },

  /** The current period's plans by paid purchase + renewal money and by count: each top list. */
  topPlans(db: DbOrTx, w: StatisticsWindow, top: number) {
    const { cs } = bounds(w);
    return rowsOf<{
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
                from (select plan, sum(cents)::float8 as cents, sum(n)::int as n from ${dailySource(w)} s
                      where d >= (${cs} at time zone 'UTC')::date and kind in ('purchase', 'renewal') and plan <> ''
                      group by plan) g) t
          join plans p on p.id = t.plan::uuid
          where t.by_revenue <= ${top} or t.by_count <= ${top}`,
    );
  },

  /**
   * The first day not closed yet, within the window: the closed days before it come from roll-ups,
   * the rest is read live.
   */
  async closedThrough(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce } = bounds(w);
    const [row] = await rowsOf<{ through: string }>(
      db,
      sql`select to_char(least(greatest((${ps} at time zone 'UTC')::date, ${closedUntil}), (${ce} at time zone 'UTC')::date),
                         'YYYY-MM-DD') as through`,
    );
    return row!.through;
  },

  /**
   * Distinct paying accounts per bucket (its date_trunc start, before clipping) and per period
   * (bucket null): the closed days' count (kept) plus the accounts paying since that had not paid
   * earlier in the same bucket or period.
   */
  async payingCustomers(db: DbOrTx, w: StatisticsWindow, through: string) {
    const { ps, ce } = bounds(w);
    const liveFrom = sql`${through}::date::timestamp at time zone 'UTC'`;
    const key = `paying:${w.granularity}:${w.previousFrom}:${w.currentFrom}:${w.currentEnd}`;
    const span = { from: w.previousFrom.slice(0, 10), through };
    const [closed, live] = await Promise.all([
      memoized(db, key, span, () => rowsOf<PayingRow>(db, payingBetween(w, ps, liveFrom))),
      rowsOf<PayingRow>(db, payingSince(w, liveFrom, ce)),
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
  async topCustomers(db: DbOrTx, w: StatisticsWindow, through: string, top: number) {
    const { cs, ce } = bounds(w);
    const liveFrom = sql`greatest(${cs}, ${through}::date::timestamp at time zone 'UTC')`;
    const key = `top-customers:${top}:${w.currentFrom}:${w.currentEnd}`;
    const span = {
      from: w.currentFrom.slice(0, 10),
      through: through < w.currentFrom.slice(0, 10) ? w.currentFrom.slice(0, 10) : through,
    };
    const ids = await memoized(db, key, span, async () =>
      (
        await rowsOf<{ id: string }>(
          db,
          sql`select account_id as id from invoices where ${PAID_SALES} and paid_at >= ${cs} and paid_at < ${liveFrom}
              group by account_id order by sum(total_cents) desc, count(*) desc, account_id limit ${top}`,
        )
      ).map((r) => r.id),
    );
    return rowsOf<{ accountId: string; username: string; email: string; cents: number; n: number }>(
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
    return rowsOf<{ day: string; bytes: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, (bytes_in + bytes_out)::float8 as bytes
          from proxy_usage_daily
          where day >= (${ps} at time zone 'UTC')::date and day < (${ce} at time zone 'UTC')::date`,
    );
  },

  /**
   * Plan starts (+1) and ends (−1) up to now, per day and type; day null = before the previous
   * period. Summed in order they give the plans running at the end of each bucket.
   */
  subscriptionEvents(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce } = bounds(w);
    const limit = sql`least(${ce}, now())`;
    const running = sql`status in ('active', 'expired') and starts_at is not null`;
    return rowsOf<{ day: string | null; type: string; delta: number }>(
      db,
      sql`select case when d is not null then to_char(d, 'YYYY-MM-DD') end as day, plan_type as type, sum(delta)::int as delta
          from (select case when at >= ${ps} then (at at time zone 'UTC')::date end as d, plan_type, count(*) * sign as delta
                from (select starts_at as at, plan_type, 1 as sign from subscriptions where ${running} and starts_at < ${limit}
                      union all
                      select expires_at, plan_type, -1 from subscriptions where ${running} and expires_at < ${limit}) ev
                group by 1, 2, sign) g
          group by d, plan_type`,
    );
  },

  activeNow(db: DbOrTx) {
    return rowsOf<{ type: string; n: number }>(
      db,
      sql`select plan_type as type, count(*)::int as n from subscriptions
          where status = 'active' and expires_at > now() group by 1`,
    );
  },

  /**
   * Plan terms that ended in each period (by now): the ends renewals moved (with whether the renewal
   * was paid by then) and the current ends of plans not renewed since.
   */
  renewals(db: DbOrTx, w: StatisticsWindow) {
    const { ps, cs, ce } = bounds(w);
    const limit = sql`least(${ce}, now())`;
    return rowsOf<{ period: 'current' | 'previous'; expired: number; renewed: number }>(
      db,
      sql`select case when ended >= ${cs} then 'current' else 'previous' end as period, count(*)::int as expired,
                 count(*) filter (where renewed)::int as renewed
          from (select previous_expires_at as ended, paid_at <= previous_expires_at as renewed from subscription_renewals
                where previous_expires_at >= ${ps} and previous_expires_at < ${limit}
                union all
                select expires_at, false from subscriptions
                where status in ('active', 'expired') and expires_at >= ${ps} and expires_at < ${limit}) t
          group by 1`,
    );
  },

  /**
   * Customers with a plan running at each period's start, and how many of them have none running at
   * its end (or now). The periods are adjacent: the previous one ends where the current one starts.
   */
  async churn(db: DbOrTx, w: StatisticsWindow) {
    const { ps, cs, ce } = bounds(w);
    const end = sql`least(${ce}, now())`;
    const runs = (t: SQL) => sql`bool_or(starts_at <= ${t} and (expires_at is null or expires_at > ${t}))`;
    const [row] = await rowsOf<{ pa: number; pc: number; ca: number; cc: number }>(
      db,
      sql`select count(*) filter (where a0)::int as pa, count(*) filter (where a0 and not a1)::int as pc,
                 count(*) filter (where a1)::int as ca, count(*) filter (where a1 and not a2)::int as cc
          from (select account_id, ${runs(ps)} as a0, ${runs(cs)} as a1, ${runs(end)} as a2
                from subscriptions
                where status in ('active', 'expired') and starts_at is not null and starts_at <= ${end}
                  and (expires_at is null or expires_at > ${ps})
                group by account_id) a`,
    );
    return {
      previous: { active: row?.pa ?? 0, churned: row?.pc ?? 0 },
      current: { active: row?.ca ?? 0, churned: row?.cc ?? 0 },
    };
  },
};
