import { toDollars } from '@tollgate/contract/http/money';
import {
  daysInRange,
  STATISTICS_MAX_DAYS,
  STATISTICS_METHODS,
  STATISTICS_PLAN_TYPES,
  type PeriodFigures,
  type Statistics,
  type StatisticsBucket,
  type StatisticsQuery,
} from '@tollgate/contract/admin/statistics';
import type { DbOrTx } from '#platform/db/client.ts';
import { validationError } from '#platform/http/errors.ts';
import { addDays, bucketsOf, resolvePeriods, type Periods } from './statistics-periods';
import { statisticsRepository as repo, type PeriodKey, type StatisticsWindow } from './statistics.repository';

const TOP = 10;
type PlanType = (typeof STATISTICS_PLAN_TYPES)[number];
type ByType = Record<PlanType, number>;
const zeroByType = (): ByType => ({ residential: 0, mobile: 0, isp: 0, datacenter: 0, ipv6: 0 });
const isPlanType = (t: string): t is PlanType => (STATISTICS_PLAN_TYPES as readonly string[]).includes(t);
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
const startOf = (day: string) => `${day}T00:00:00.000Z`;

interface Cents {
  deposit: number;
  purchase: number;
  renewal: number;
  refund: number;
}
const zeroCents = (): Cents => ({ deposit: 0, purchase: 0, renewal: 0, refund: 0 });

/** One period's figures, gathered bucket by bucket from the aggregated rows. */
class PeriodBuilder {
  readonly buckets: Map<string, { cents: Cents; signups: number; paying: number; bytes: number; active: ByType }>;
  readonly byMethod = new Map(STATISTICS_METHODS.map((m) => [m as string, zeroCents()]));
  payingCustomers = 0;

  constructor(
    readonly range: { from: string; to: string },
    granularity: Periods['granularity'],
  ) {
    this.buckets = new Map(
      bucketsOf(range, granularity).map((b) => [
        b.start,
        { cents: zeroCents(), signups: 0, paying: 0, bytes: 0, active: zeroByType() },
      ]),
    );
  }

  at(bucket: string | null) {
    const found = bucket === null ? undefined : this.buckets.get(bucket);
    if (!found) throw new Error(`statistics: no bucket ${bucket} in ${this.range.from}..${this.range.to}`);
    return found;
  }

  addMoney(bucket: string | null, kind: keyof Cents, method: string, cents: number) {
    this.at(bucket).cents[kind] += cents;
    const byMethod = this.byMethod.get(method);
    if (byMethod) byMethod[kind] += cents;
  }

  build(extra: Pick<PeriodFigures, 'renewal' | 'churn'>): PeriodFigures {
    const total = zeroCents();
    let signups = 0;
    let bytes = 0;
    const series: StatisticsBucket[] = [];
    for (const [start, b] of this.buckets) {
      for (const k of Object.keys(total) as (keyof Cents)[]) total[k] += b.cents[k];
      signups += b.signups;
      bytes += b.bytes;
      series.push({
        start,
        end: '',
        deposits: toDollars(b.cents.deposit),
        purchases: toDollars(b.cents.purchase),
        renewals: toDollars(b.cents.renewal),
        refunds: toDollars(b.cents.refund),
        signups: b.signups,
        payingCustomers: b.paying,
        bandwidthBytes: b.bytes,
        activeSubscriptions: b.active,
      });
    }
    series.forEach((b, i) => (b.end = i + 1 < series.length ? addDays(series[i + 1]!.start, -1) : this.range.to));
    let outsideCents = 0;
    for (const [method, c] of this.byMethod) if (method !== 'balance') outsideCents += c.purchase + c.renewal;
    return {
      from: this.range.from,
      to: this.range.to,
      revenue: {
        deposits: toDollars(total.deposit),
        purchases: toDollars(total.purchase),
        renewals: toDollars(total.renewal),
        refunds: toDollars(total.refund),
        cashIn: toDollars(total.deposit + outsideCents),
        net: toDollars(total.purchase + total.renewal - total.refund),
      },
      byMethod: [...this.byMethod].map(([method, c]) => ({
        method: method as PeriodFigures['byMethod'][number]['method'],
        deposits: toDollars(c.deposit),
        purchases: toDollars(c.purchase),
        renewals: toDollars(c.renewal),
        refunds: toDollars(c.refund),
      })),
      signups,
      payingCustomers: this.payingCustomers,
      bandwidthBytes: bytes,
      ...extra,
      series,
    };
  }
}

/** Refuses what the query schema cannot see alone: a one-sided range that reaches past 3 years. */
function assertRange(periods: Periods) {
  if (daysInRange(periods.current.from, periods.current.to) > STATISTICS_MAX_DAYS)
    throw validationError([{ path: 'query.from', message: 'A range is at most 3 years' }]);
}

export const statisticsService = {
  async statistics(db: DbOrTx, query: StatisticsQuery, now = new Date()): Promise<Statistics> {
    const periods = resolvePeriods(query, now);
    assertRange(periods);
    const w: StatisticsWindow = {
      granularity: periods.granularity,
      previousFrom: startOf(periods.previous.from),
      currentFrom: startOf(periods.current.from),
      currentEnd: startOf(addDays(periods.current.to, 1)),
    };
    const [
      revenue,
      refunds,
      signups,
      paying,
      bandwidth,
      events,
      activeNow,
      renewals,
      churnPrev,
      churnCur,
      plans,
      customers,
    ] = await Promise.all([
      repo.revenue(db, w),
      repo.refunds(db, w),
      repo.signups(db, w),
      repo.payingCustomers(db, w),
      repo.bandwidth(db, w),
      repo.subscriptionEvents(db, w),
      repo.activeNow(db),
      repo.renewals(db, w),
      repo.churn(db, w.previousFrom, w.currentFrom),
      repo.churn(db, w.currentFrom, w.currentEnd),
      repo.topPlans(db, w, TOP),
      repo.topCustomers(db, w, TOP),
    ]);

    const builders: Record<PeriodKey, PeriodBuilder> = {
      previous: new PeriodBuilder(periods.previous, periods.granularity),
      current: new PeriodBuilder(periods.current, periods.granularity),
    };
    for (const r of revenue) builders[r.period].addMoney(r.bucket, r.kind, r.method, r.cents);
    for (const r of refunds) builders[r.period].addMoney(r.bucket, 'refund', r.method, r.cents);
    for (const r of signups) builders[r.period].at(r.bucket).signups = r.n;
    for (const r of paying) {
      if (r.bucket === null) builders[r.period].payingCustomers = r.n;
      else builders[r.period].at(r.bucket).paying = r.n;
    }
    for (const r of bandwidth) builders[r.period].at(r.bucket).bytes = r.bytes;

    // Running plans at each bucket's end: everything started before, then each bucket's starts and ends.
    const running = zeroByType();
    const deltas = new Map<string, ByType>();
    for (const e of events) {
      if (!isPlanType(e.type)) continue;
      if (e.period === null) running[e.type] += e.delta;
      else {
        const key = `${e.period}/${e.bucket}`;
        const d = deltas.get(key) ?? zeroByType();
        d[e.type] += e.delta;
        deltas.set(key, d);
      }
    }
    for (const period of ['previous', 'current'] as const) {
      for (const [start, bucket] of builders[period].buckets) {
        const d = deltas.get(`${period}/${start}`);
        if (d) for (const t of STATISTICS_PLAN_TYPES) running[t] += d[t];
        bucket.active = { ...running };
      }
    }

    const renewalOf = (period: PeriodKey) => {
      const r = renewals.find((x) => x.period === period) ?? { expired: 0, renewed: 0 };
      return { expired: r.expired, renewed: r.renewed, rate: rate(r.renewed, r.expired) };
    };
    const churnOf = (c: { active: number; churned: number }) => ({
      activeAtStart: c.active,
      churned: c.churned,
      rate: rate(c.churned, c.active),
    });

    const now_ = zeroByType();
    for (const r of activeNow) if (isPlanType(r.type)) now_[r.type] = r.n;
    const plan = (p: (typeof plans)[number]) => ({
      planId: p.planId,
      title: p.title,
      type: isPlanType(p.type) ? p.type : ('residential' as const),
      revenue: toDollars(p.cents),
      count: p.n,
    });
    return {
      granularity: periods.granularity,
      current: builders.current.build({ renewal: renewalOf('current'), churn: churnOf(churnCur) }),
      previous: builders.previous.build({ renewal: renewalOf('previous'), churn: churnOf(churnPrev) }),
      activeNow: { ...now_, total: Object.values(now_).reduce((a, b) => a + b, 0) },
      topPlansByRevenue: plans
        .filter((p) => p.byRevenue <= TOP)
        .sort((a, b) => a.byRevenue - b.byRevenue)
        .map(plan),
      topPlansByCount: plans
        .filter((p) => p.byCount <= TOP)
        .sort((a, b) => a.byCount - b.byCount)
        .map(plan),
      topCustomers: customers.map((c) => ({
        accountId: c.accountId,
        username: c.username,
        email: c.email,
        spent: toDollars(c.cents),
        invoices: c.n,
      })),
    };
  },
};
