import type { Granularity } from '@tollgate/contract/admin/statistics';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';

/**
 * The statistics queries. Each one reads both periods at once (they are adjacent) and answers a
 * handful of aggregated rows per bucket; no row of a customer ever reaches Node. The indexes they
 * rely on are migration 0029's (and `proxy_usage_daily`, the per-day roll-up of metered bytes).
 */

/** The two adjacent periods, as half-open UTC instants, and the bucket size. */
export interface StatisticsWindow {
  granularity: Granularity;
  previousFrom: string;
  currentFrom: string;
  /** The day after the current period's last day, 00:00 UTC. */
  currentEnd: string;
}

export type PeriodKey = 'current' | 'previous';
export interface BucketRow {
  period: PeriodKey;
  /** The bucket's first day, ISO date; null on totals rows. */
  bucket: string | null;
}

const rowsOf = async <T>(db: DbOrTx, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

function parts(w: StatisticsWindow) {
  const ps = sql`${w.previousFrom}::timestamptz`;
  const cs = sql`${w.currentFrom}::timestamptz`;
  const ce = sql`${w.currentEnd}::timestamptz`;
  /** The bucket a UTC day belongs to, clipped to its period's first day (a week may start before it). */
  const bucketOfDay = (day: SQL) =>
    sql`to_char(greatest(date_trunc(${w.granularity}::text, (${day})::timestamp)::date,
      case when ${day} >= (${cs} at time zone 'UTC')::date then (${cs} at time zone 'UTC')::date
           else (${ps} at time zone 'UTC')::date end), 'YYYY-MM-DD')`;
  const bucketOf = (at: SQL) => bucketOfDay(sql`(${at} at time zone 'UTC')::date`);
  const periodOf = (at: SQL) => sql`case when ${at} >= ${cs} then 'current' else 'previous' end`;
  return { ps, cs, ce, bucketOf, bucketOfDay, periodOf };
}

export const statisticsRepository = {
  /** Paid invoices' totals per period, bucket, kind and method (cents). */
  revenue(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce, bucketOf, periodOf } = parts(w);
    const at = sql`paid_at`;
    return rowsOf<BucketRow & { kind: 'deposit' | 'purchase' | 'renewal'; method: string; cents: number }>(
      db,
      sql`select ${periodOf(at)} as period, ${bucketOf(at)} as bucket, kind, payment_method as method,
            sum(total_cents)::float8 as cents
          from invoices
          where status = 'paid' and paid_at >= ${ps} and paid_at < ${ce}
          group by 1, 2, 3, 4`,
    );
  },

  /** Refunds (ledger kind `refund`) per period, bucket and the method of what they refund (cents). */
  refunds(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce, bucketOf, periodOf } = parts(w);
    const at = sql`l.created_at`;
    const ref = sql`case when l.reference ~ ${UUID_PATTERN} then l.reference::uuid end`;
    return rowsOf<BucketRow & { method: string; cents: number }>(
      db,
      sql`select ${periodOf(at)} as period, ${bucketOf(at)} as bucket,
            coalesce(i.payment_method, pi.payment_method, 'balance') as method, sum(abs(l.amount_cents))::float8 as cents
          from ledger_entries l
          left join invoices i on i.id = ${ref}
          left join payments p on p.id = ${ref}
          left join invoices pi on pi.id = p.invoice_id
          where l.kind = 'refund' and l.created_at >= ${ps} and l.created_at < ${ce}
          group by 1, 2, 3`,
    );
  },

  /** Customer accounts created, per period and bucket. */
  signups(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce, bucketOf, periodOf } = parts(w);
    const at = sql`created_at`;
    return rowsOf<BucketRow & { n: number }>(
      db,
      sql`select ${periodOf(at)} as period, ${bucketOf(at)} as bucket, count(*)::int as n
          from accounts where role = 'User' and created_at >= ${ps} and created_at < ${ce}
          group by 1, 2`,
    );
  },

  /** Distinct paying accounts per bucket, and per whole period (rows with bucket null). */
  payingCustomers(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce, bucketOf, periodOf } = parts(w);
    const at = sql`paid_at`;
    return rowsOf<BucketRow & { n: number }>(
      db,
      sql`select period, bucket, count(distinct account_id)::int as n
          from (select ${periodOf(at)} as period, ${bucketOf(at)} as bucket, account_id
                from invoices where status = 'paid' and paid_at >= ${ps} and paid_at < ${ce}) t
          group by grouping sets ((period, bucket), (period))`,
    );
  },

  /** Metered bytes per period and bucket, from the daily roll-up. */
  bandwidth(db: DbOrTx, w: StatisticsWindow) {
    const { ps, cs, ce, bucketOfDay } = parts(w);
    const day = sql`day`;
    return rowsOf<BucketRow & { bytes: number }>(
      db,
      sql`select case when day >= (${cs} at time zone 'UTC')::date then 'current' else 'previous' end as period,
            ${bucketOfDay(day)} as bucket, sum(bytes_in + bytes_out)::float8 as bytes
          from proxy_usage_daily
          where day >= (${ps} at time zone 'UTC')::date and day < (${ce} at time zone 'UTC')::date
          group by 1, 2`,
    );
  },

  /**
   * Plan starts (+1) and ends (−1) up to now, per bucket and type; bucket null = before the previous
   * period. Summed in order they give the plans running at the end of each bucket.
   */
  subscriptionEvents(db: DbOrTx, w: StatisticsWindow) {
    const { ps, ce, bucketOf, periodOf } = parts(w);
    const limit = sql`least(${ce}, now())`;
    const running = sql`status in ('active', 'expired') and starts_at is not null`;
    return rowsOf<{ period: PeriodKey | null; bucket: string | null; type: string; delta: number }>(
      db,
      sql`select case when at < ${ps} then null else ${periodOf(sql`at`)} end as period,
            case when at < ${ps} then null else ${bucketOf(sql`at`)} end as bucket,
            plan_type as type, sum(d)::int as delta
          from (select starts_at as at, plan_type, 1 as d from subscriptions where ${running} and starts_at < ${limit}
                union all
                select expires_at, plan_type, -1 from subscriptions where ${running} and expires_at < ${limit}) ev
          group by 1, 2, 3`,
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
    const { ps, ce, periodOf } = parts(w);
    const limit = sql`least(${ce}, now())`;
    return rowsOf<{ period: PeriodKey; expired: number; renewed: number }>(
      db,
      sql`select ${periodOf(sql`ended`)} as period, count(*)::int as expired, count(*) filter (where renewed)::int as renewed
          from (select previous_expires_at as ended, paid_at <= previous_expires_at as renewed from subscription_renewals
                where previous_expires_at >= ${ps} and previous_expires_at < ${limit}
                union all
                select expires_at, false from subscriptions
                where status in ('active', 'expired') and expires_at >= ${ps} and expires_at < ${limit}) t
          group by 1`,
    );
  },

  /** Customers with a plan running at `start`, and how many of them have none running at `end`. */
  async churn(db: DbOrTx, start: string, end: string) {
    const runningAt = (t: SQL) =>
      sql`select distinct account_id from subscriptions
          where status in ('active', 'expired') and starts_at is not null and starts_at <= ${t}
            and (expires_at is null or expires_at > ${t})`;
    const t0 = sql`${start}::timestamptz`;
    const t1 = sql`least(${end}::timestamptz, now())`;
    const [row] = await rowsOf<{ active: number; churned: number }>(
      db,
      sql`select count(*)::int as active, count(*) filter (where b.account_id is null)::int as churned
          from (${runningAt(t0)}) a left join (${runningAt(t1)}) b on b.account_id = a.account_id`,
    );
    return row ?? { active: 0, churned: 0 };
  },

  /** Plans by paid purchase + renewal revenue and by invoice count in the current period. */
  topPlans(db: DbOrTx, w: StatisticsWindow, limit: number) {
    const { cs, ce } = parts(w);
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
      sql`select t.plan_id as "planId", p.title, p.type, t.cents, t.n, t.by_revenue as "byRevenue", t.by_count as "byCount"
          from (select plan_id, cents, n,
                  row_number() over (order by cents desc, n desc, plan_id)::int as by_revenue,
                  row_number() over (order by n desc, cents desc, plan_id)::int as by_count
                from (select plan_id, sum(total_cents)::float8 as cents, count(*)::int as n from invoices
                      where status = 'paid' and kind in ('purchase', 'renewal') and plan_id is not null
                        and paid_at >= ${cs} and paid_at < ${ce}
                      group by plan_id) g) t
          join plans p on p.id = t.plan_id
          where t.by_revenue <= ${limit} or t.by_count <= ${limit}`,
    );
  },

  /** Customers by paid purchase + renewal spending in the current period. */
  topCustomers(db: DbOrTx, w: StatisticsWindow, limit: number) {
    const { cs, ce } = parts(w);
    return rowsOf<{ accountId: string; username: string; email: string; cents: number; n: number }>(
      db,
      sql`select a.id as "accountId", a.username, a.email, t.cents, t.n
          from (select account_id, sum(total_cents)::float8 as cents, count(*)::int as n from invoices
                where status = 'paid' and kind in ('purchase', 'renewal') and paid_at >= ${cs} and paid_at < ${ce}
                group by account_id order by cents desc, n desc, account_id limit ${limit}) t
          join accounts a on a.id = t.account_id
          order by t.cents desc, t.n desc, a.id`,
    );
  },
};
