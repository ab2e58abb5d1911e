import { z } from 'zod';
import { ADMINS } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/**
 * The business statistics of `/admin/dashboard` (spec §2, §6: Administrator only; issue 14 item 3).
 *
 * Every day is a UTC calendar day; `from` and `to` are both included. The previous period is the
 * same number of days ending the day before `from`, and carries the same figures, so each one can
 * be compared. Money travels in dollars (two decimals), bandwidth in bytes.
 *
 * Where money comes from (see the checkout module): a customer either pays an invoice by card or
 * crypto (money arriving from outside) or from their prepaid balance (money that arrived earlier as
 * a deposit). Hence two totals beside the four kinds:
 * - `cashIn`: money that reached the shop in the period: deposits + purchases and renewals paid
 *   by card or crypto.
 * - `net`: proxy sales in the period: purchases + renewals (every method, balance included)
 *   − refunds. A deposit is not a sale: it is the customer's money until they spend it.
 */
export const STATISTICS_MAX_DAYS = 3 * 366;
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const STATISTICS_METHODS = ['balance', 'stripe', 'crypto'] as const;
export const STATISTICS_PLAN_TYPES = ['residential', 'mobile', 'isp', 'datacenter', 'ipv6'] as const;

/** Days between two ISO dates, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The granularity a range gets when none is asked for: days up to ~2 months, weeks up to a year. */
export function defaultGranularity(days: number): Granularity {
  if (days <= 62) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

export const statisticsQuerySchema = z
  .object({
    /** First day, ISO date (UTC). Default: 29 days before `to`. */
    from: z.iso.date('from: use a date like 2026-01-31').optional(),
    /** Last day, ISO date (UTC), included. Default: today. */
    to: z.iso.date('to: use a date like 2026-01-31').optional(),
    /** Bucket size of the series. Default: day up to 62 days, week up to 366 days, else month. */
    granularity: z.enum(GRANULARITIES, { error: 'granularity: use day, week or month' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to' });
      else if (daysInRange(q.from, q.to) > STATISTICS_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: 'A range is at most 3 years' });
    }
    for (const key of ['from', 'to'] as const) {
      const day = q[key];
      if (day && (day < '2000-01-01' || day > '2100-12-31'))
        ctx.addIssue({ code: 'custom', path: [key], message: `${key}: use a date between 2000 and 2100` });
    }
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const money = z.number();
const count = z.number().int();

/** Dollars per kind. Every figure counts once, on the day the money moved (UTC). */
export const revenueSchema = z.object({
  /** Paid balance top-ups (invoice kind `deposit`, status `paid`), by when they were paid. */
  deposits: money,
  /** Paid new-plan invoices (kind `purchase`), their total after coupon discount, by when paid. */
  purchases: money,
  /** Paid renewal, extension and extra-bandwidth invoices (kind `renewal`), by when paid. */
  renewals: money,
  /**
   * Money given back, by when it went: refunds to the balance (ledger entries of kind `refund`) and
   * money back outside it (refunds at the provider, card disputes, refunds staff recorded as
   * external; a won dispute counts back on the day it was won).
   */
  refunds: money,
  /** deposits + purchases and renewals paid by card or crypto. */
  cashIn: money,
  /** purchases + renewals − refunds. */
  net: money,
});
export type Revenue = z.infer<typeof revenueSchema>;

export const methodRevenueSchema = z.object({
  /**
   * How it was paid: `balance` is spending from the prepaid balance (deposits are never `balance`).
   * A refund counts under the method of the invoice it refunds (the ledger entry's reference), and
   * under `balance` when it names none, because a refund is credited to the balance.
   */
  method: z.enum(STATISTICS_METHODS),
  deposits: money,
  purchases: money,
  renewals: money,
  refunds: money,
});

export const activeByTypeSchema = z.object({
  residential: count,
  mobile: count,
  isp: count,
  datacenter: count,
  ipv6: count,
});

export const statisticsBucketSchema = z.object({
  /** First and last day of the bucket, clipped to the period (weeks start on Monday). */
  start: z.iso.date(),
  end: z.iso.date(),
  deposits: money,
  purchases: money,
  renewals: money,
  refunds: money,
  /** New customer accounts (role User, resellers included) created in the bucket, deleted ones too. */
  signups: count,
  /** Distinct accounts with at least one paid invoice (deposit, purchase or renewal) in the bucket. */
  payingCustomers: count,
  /** Bytes both ways metered by the gateway in the bucket (`proxy_usage_hourly`, summed by day). */
  bandwidthBytes: count,
  /**
   * Subscriptions running at the end of the bucket (or now, for a bucket that has not ended): started
   * by then and ending after then (status active or expired). Read from each plan's start and current
   * end; a renewal after a lapse restarts the plan, so it counts from that renewal on.
   */
  activeSubscriptions: activeByTypeSchema,
});
export type StatisticsBucket = z.infer<typeof statisticsBucketSchema>;

export const periodFiguresSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  revenue: revenueSchema,
  byMethod: z.array(methodRevenueSchema),
  signups: count,
  /** Distinct paying accounts over the whole period (not the sum of the buckets). */
  payingCustomers: count,
  bandwidthBytes: count,
  /**
   * Renewal rate. `expired`: plan terms that ended in the period (by now): every end date a
   * subscription reached, including the ones a renewal then moved. `renewed`: those renewed (a paid
   * renewal invoice adding days) before or at that end. rate = renewed ÷ expired, null when none ended.
   */
  renewal: z.object({ expired: count, renewed: count, rate: z.number().nullable() }),
  /**
   * Churn rate. `activeAtStart`: customers with a subscription running at the start of the period's
   * first day. `churned`: those of them with none running at the end of the last day (or now).
   * rate = churned ÷ activeAtStart, null when nobody was active.
   */
  churn: z.object({ activeAtStart: count, churned: count, rate: z.number().nullable() }),
  series: z.array(statisticsBucketSchema),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const topPlanSchema = z.object({
  planId: z.string(),
  title: z.string(),
  type: z.enum(STATISTICS_PLAN_TYPES),
  /** Paid purchases + renewals of the plan in the period (dollars), and how many invoices. */
  revenue: money,
  count: count,
});
export const topCustomerSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  email: z.string(),
  /** Paid purchases + renewals in the period (dollars, every method), and how many invoices. */
  spent: money,
  invoices: count,
});

export const statisticsPayloadSchema = z.object({
  granularity: z.enum(GRANULARITIES),
  current: periodFiguresSchema,
  previous: periodFiguresSchema,
  /** Subscriptions with status active and an end in the future, right now. */
  activeNow: activeByTypeSchema.extend({ total: count }),
  /** Top 10 of the current period, by revenue and by number of invoices. */
  topPlansByRevenue: z.array(topPlanSchema),
  topPlansByCount: z.array(topPlanSchema),
  /** Top 10 customers of the current period by money spent on proxies. */
  topCustomers: z.array(topCustomerSchema),
});
export type Statistics = z.infer<typeof statisticsPayloadSchema>;

export const adminStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/statistics',
  roles: ADMINS,
  tag: 'Admin: statistics',
  summary: 'Revenue, customers, subscriptions, bandwidth, renewal and churn over a date range and the period before it',
  message: 'Statistics',
  query: statisticsQuerySchema,
  payload: statisticsPayloadSchema,
});
