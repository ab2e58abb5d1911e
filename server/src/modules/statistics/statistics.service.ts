import { toDollars } from '@tollgate/contract/http/money';
import {
  daysInRange,
  STATISTICS_MAX_DAYS,
  STATISTICS_PLAN_TYPES,
  type PeriodFigures,
  type Statistics,
  type StatisticsQuery,
} from '@tollgate/contract/admin/statistics';
import type { Db } from '#platform/db/client.ts';
import { validationError } from '#platform/http/errors.ts';
import { addDays, resolvePeriods, type Periods } from './statistics-periods';
import { PeriodBuilder, type PeriodKey } from './period-builder';
import { statisticsRepository as repo, type StatisticsScope } from './statistics.repository';

const TOP = 10;
type PlanType = (typeof STATISTICS_PLAN_TYPES)[number];
const isPlanType = (t: string): t is PlanType => (STATISTICS_PLAN_TYPES as readonly string[]).includes(t);
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
const startOf = (day: string) => `${day}T00:00:00.000Z`;
const MONEY_KINDS = ['deposit', 'purchase', 'renewal', 'refund'] as const;
const isMoneyKind = (k: string): k is (typeof MONEY_KINDS)[number] => (MONEY_KINDS as readonly string[]).includes(k);

/** Refuses what the query schema cannot see alone: a one-sided range that reaches past 3 years. */
function assertRange(periods: Periods) {
  if (daysInRange(periods.current.from, periods.current.to) > STATISTICS_MAX_DAYS)
    throw validationError([{ path: 'query.from', message: 'A range is at most 3 years' }]);
}

export const statisticsService = {
  async statistics(db: Db, query: StatisticsQuery, now = new Date()): Promise<Statistics> {
    const periods = resolvePeriods(query, now);
    assertRange(periods);
    const w: StatisticsScope = {
      granularity: periods.granularity,
      previousFrom: startOf(periods.previous.from),
      currentFrom: startOf(periods.current.from),
      currentEnd: startOf(addDays(periods.current.to, 1)),
      closed: await repo.closedDay(db),
    };
    await repo.ensureDaily(db, w);
    const [daily, paying, plans, customers, bandwidth, events, activeNow, renewals, churn] = await Promise.all([
      repo.daily(db, w),
      repo.payingCustomers(db, w),
      repo.topPlans(db, w, TOP),
      repo.topCustomers(db, w, TOP),
      repo.bandwidth(db, w),
      repo.subscriptionEvents(db, w),
      repo.activeNow(db),
      repo.renewals(db, w),
      repo.churn(db, w),
    ]);

    const builders: Record<PeriodKey, PeriodBuilder> = {
      previous: new PeriodBuilder(periods.previous, periods.granularity),
      current: new PeriodBuilder(periods.current, periods.granularity),
    };
    const periodOf = (day: string): PeriodKey => (day >= periods.current.from ? 'current' : 'previous');
    for (const r of daily) {
      const builder = builders[periodOf(r.day)];
      if (r.kind === 'signup') builder.bucketOf(r.day).signups += r.n;
      else if (isMoneyKind(r.kind)) builder.addMoney(r.day, r.kind, r.method, r.cents);
    }
    for (const r of paying) builders[r.period].setPaying(r.bucket, r.n);
    for (const r of bandwidth) builders[periodOf(r.day)].bucketOf(r.day).bytes += r.bytes;
    const running = PeriodBuilder.runningBefore(events.filter((e) => e.day === null));
    const dated = events.filter((e): e is typeof e & { day: string } => e.day !== null);
    builders.previous.applyRunning(running, dated);
    builders.current.applyRunning(running, dated);

    const renewalOf = (period: PeriodKey) => {
      const r = renewals.find((x) => x.period === period) ?? { expired: 0, renewed: 0 };
      return { expired: r.expired, renewed: r.renewed, rate: rate(r.renewed, r.expired) };
    };
    const churnOf = (c: { active: number; churned: number }) => ({
      activeAtStart: c.active,
      churned: c.churned,
      rate: rate(c.churned, c.active),
    });

    const plan = (p: (typeof plans)[number]) => ({
      planId: p.planId,
      title: p.title,
      type: isPlanType(p.type) ? p.type : ('residential' as const),
      revenue: toDollars(p.cents),
      count: p.n,
    });
    const nowByType = Object.fromEntries(STATISTICS_PLAN_TYPES.map((t) => [t, 0])) as Record<PlanType, number>;
    for (const r of activeNow) if (isPlanType(r.type)) nowByType[r.type] = r.n;
    const periodFigures = (key: PeriodKey): PeriodFigures =>
      builders[key].build({ renewal: renewalOf(key), churn: churnOf(churn[key]) });
    return {
      granularity: periods.granularity,
      current: periodFigures('current'),
      previous: periodFigures('previous'),
      activeNow: { ...nowByType, total: Object.values(nowByType).reduce((a, b) => a + b, 0) },
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
