import { USAGE_MAX_DAYS } from '@tollgate/contract/proxies/proxies';
import { toCsv } from '#lib/csv.ts';
import { paths } from '#lib/paths.ts';
import type { ProxyUsage } from '../api/proxy-usage.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const RANGE_PRESETS = ['24h', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_LABELS: Record<RangePreset, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  custom: 'Custom',
};

export const GRANULARITIES = ['hour', 'day'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const GRANULARITY_LABELS: Record<Granularity, string> = { hour: 'By hour', day: 'By day' };

export interface UsageRange {
  from: string;
  to: string;
}

/** `/proxy-usage`, with the plan to open when there is one. */
export const usagePath = (subscriptionId?: string) =>
  subscriptionId ? `${paths.proxyUsage}?subscriptionId=${encodeURIComponent(subscriptionId)}` : paths.proxyUsage;

/** The last 24 hours / 7 / 30 days up to `now`. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now = new Date()): UsageRange {
  const length = preset === '24h' ? DAY_MS : preset === '7d' ? 7 * DAY_MS : 30 * DAY_MS;
  return { from: new Date(now.getTime() - length).toISOString(), to: now.toISOString() };
}

/** Hours for a day, days for anything longer: a readable number of points either way. */
export const granularityFor = (preset: RangePreset): Granularity => (preset === '24h' ? 'hour' : 'day');

/** `2026-11-21` in the browser's time zone, for <input type="date">. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function localDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

export type CustomRangeResult = { ok: true; range: UsageRange } | { ok: false; field: 'from' | 'to'; message: string };

/** Whole local days from the start of `from` to the end of `to`, at most USAGE_MAX_DAYS long. */
export function customRange(from: string, to: string): CustomRangeResult {
  const start = localDay(from);
  if (!start) return { ok: false, field: 'from', message: 'Choose a start date' };
  const endDay = localDay(to);
  if (!endDay) return { ok: false, field: 'to', message: 'Choose an end date' };
  if (endDay < start) return { ok: false, field: 'to', message: 'The end date is before the start date' };
  const end = new Date(endDay.getFullYear(), endDay.getMonth(), endDay.getDate() + 1);
  if (Math.round((end.getTime() - start.getTime()) / DAY_MS) > USAGE_MAX_DAYS)
    return { ok: false, field: 'to', message: `Choose at most ${USAGE_MAX_DAYS} days` };
  return { ok: true, range: { from: start.toISOString(), to: new Date(end.getTime() - 1).toISOString() } };
}

/** Failures as a share of requests, 0 to 100. */
export function failureRate(totals: Pick<ProxyUsage['totals'], 'requests' | 'failures'>): number {
  return totals.requests > 0 ? (totals.failures / totals.requests) * 100 : 0;
}

/** The 'Export CSV' file: one row per point of the series. */
export function usageCsv(series: ProxyUsage['series']): string {
  return toCsv(
    ['at', 'bytes_in', 'bytes_out', 'requests', 'failures'],
    series.map((point) => [point.at, point.bytesIn, point.bytesOut, point.requests, point.failures]),
  );
}
