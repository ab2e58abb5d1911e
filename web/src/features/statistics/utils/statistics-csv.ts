import type { PeriodFigures, Statistics } from '@tollgate/contract/admin/statistics';
import { toCsv, type CsvValue } from '#lib/csv.ts';

const TYPES = ['residential', 'mobile', 'isp', 'datacenter', 'ipv6'] as const;
export const CSV_HEADER = [
  'period',
  'start',
  'end',
  'deposits_usd',
  'purchases_usd',
  'renewals_usd',
  'refunds_usd',
  'net_usd',
  'signups',
  'paying_customers',
  'bandwidth_bytes',
  ...TYPES.map((t) => `active_${t}`),
] as const;

const money = (dollars: number) => dollars.toFixed(2);

function rows(period: 'current' | 'previous', figures: PeriodFigures): CsvValue[][] {
  return figures.series.map((b) => [
    period,
    b.start,
    b.end,
    money(b.deposits),
    money(b.purchases),
    money(b.renewals),
    money(b.refunds),
    money(b.purchases + b.renewals - b.refunds),
    b.signups,
    b.payingCustomers,
    b.bandwidthBytes,
    ...TYPES.map((t) => b.activeSubscriptions[t]),
  ]);
}

/** Every bucket of both periods, one row each, built from the payload on screen (no second request). */
export function statisticsCsv(stats: Statistics): string {
  return toCsv(CSV_HEADER, [...rows('current', stats.current), ...rows('previous', stats.previous)]);
}

export const csvFileName = (stats: Statistics) =>
  `tollgate-statistics_${stats.current.from}_${stats.current.to}_${stats.granularity}.csv`;
