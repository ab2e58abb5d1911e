import { toDollars } from '@tollgate/contract/http/money';
import {
  STATISTICS_METHODS,
  STATISTICS_PLAN_TYPES,
  type Granularity,
  type PeriodFigures,
  type StatisticsBucket,
} from '@tollgate/contract/admin/statistics';
import { bucketsOf } from './statistics-periods';

export type PeriodKey = 'current' | 'previous';
type PlanType = (typeof STATISTICS_PLAN_TYPES)[number];
type ByType = Record<PlanType, number>;
const zeroByType = (): ByType => ({ residential: 0, mobile: 0, isp: 0, datacenter: 0, ipv6: 0 });
const isPlanType = (t: string): t is PlanType => (STATISTICS_PLAN_TYPES as readonly string[]).includes(t);

interface Cents {
  deposit: number;
  purchase: number;
  renewal: number;
  refund: number;
}
const zeroCents = (): Cents => ({ deposit: 0, purchase: 0, renewal: 0, refund: 0 });
interface Bucket {
  start: string;
  end: string;
  cents: Cents;
  signups: number;
  paying: number;
  bytes: number;
  active: ByType;
}

/** One period's figures, put together bucket by bucket from the per-day rows the queries answer. */
export class PeriodBuilder {
  private readonly buckets: Bucket[];
  private readonly byMethod = new Map(STATISTICS_METHODS.map((m) => [m as string, zeroCents()]));
  private payingCustomers = 0;

  constructor(
    private readonly range: { from: string; to: string },
    granularity: Granularity,
  ) {
    this.buckets = bucketsOf(range, granularity).map((b) => ({
      ...b,
      cents: zeroCents(),
      signups: 0,
      paying: 0,
      bytes: 0,
      active: zeroByType(),
    }));
  }

  /** The bucket holding a day of this period (or the bucket a date_trunc start stands for). */
  bucketOf(day: string): Bucket {
    let lo = 0;
    let hi = this.buckets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.buckets[mid]!.start <= day) lo = mid;
      else hi = mid - 1;
    }
    return this.buckets[lo]!;
  }

  addMoney(day: string, kind: keyof Cents, method: string, cents: number) {
    this.bucketOf(day).cents[kind] += cents;
    const byMethod = this.byMethod.get(method);
    if (byMethod) byMethod[kind] += cents;
  }

  /** Distinct paying accounts of a bucket (by its date_trunc start), or of the whole period (null). */
  setPaying(bucketStart: string | null, n: number) {
    if (bucketStart === null) this.payingCustomers = n;
    else this.bucketOf(bucketStart).paying = n;
  }

  /** Plans running before the previous period: the sum of every start and end before it. */
  static runningBefore(events: { type: string; delta: number }[]): ByType {
    const running = zeroByType();
    for (const e of events) if (isPlanType(e.type)) running[e.type] += e.delta;
    return running;
  }

  /** Running plans at each bucket's end; `running` carries on from the period before (and is updated). */
  applyRunning(running: ByType, events: { day: string; type: string; delta: number }[]) {
    const deltas = new Map<Bucket, ByType>();
    for (const e of events) {
      if (!isPlanType(e.type) || e.day < this.range.from || e.day > this.range.to) continue;
      const bucket = this.bucketOf(e.day);
      const d = deltas.get(bucket) ?? zeroByType();
      d[e.type] += e.delta;
      deltas.set(bucket, d);
    }
    for (const bucket of this.buckets) {
      const d = deltas.get(bucket);
      if (d) for (const t of STATISTICS_PLAN_TYPES) running[t] += d[t];
      bucket.active = { ...running };
    }
  }

  build(extra: Pick<PeriodFigures, 'renewal' | 'churn'>): PeriodFigures {
    const total = zeroCents();
    let signups = 0;
    let bytes = 0;
    const series: StatisticsBucket[] = this.buckets.map((b) => {
      for (const k of Object.keys(total) as (keyof Cents)[]) total[k] += b.cents[k];
      signups += b.signups;
      bytes += b.bytes;
      return {
        start: b.start,
        end: b.end,
        deposits: toDollars(b.cents.deposit),
        purchases: toDollars(b.cents.purchase),
        renewals: toDollars(b.cents.renewal),
        refunds: toDollars(b.cents.refund),
        signups: b.signups,
        payingCustomers: b.paying,
        bandwidthBytes: b.bytes,
        activeSubscriptions: b.active,
      };
    });
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
