import { GRANULARITIES, daysInRange, STATISTICS_MAX_DAYS, type Granularity } from '@tollgate/contract/admin/statistics';

/** The range presets of the date picker; `custom` reads `from` and `to` from the URL. */
export const PRESETS = [
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
  { id: 'month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'year', label: 'This year' },
  { id: 'custom', label: 'Custom range' },
] as const;
export type Preset = (typeof PRESETS)[number]['id'];
export const DEFAULT_PRESET = '30d' satisfies Preset;

export interface StatisticsRange {
  preset: Preset;
  from: string;
  to: string;
  /** Undefined: the server picks by the range's length. */
  granularity?: Granularity;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (y: number, m: number, d: number) => iso(new Date(Date.UTC(y, m, d)));
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && ISO_DAY.test(value) && iso(new Date(`${value}T00:00:00Z`)) === value;

/** The days a preset covers, in UTC (the statistics' days are UTC days). */
export function presetRange(preset: Exclude<Preset, 'custom'>, now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const today = utcDay(y, m, d);
  switch (preset) {
    case '7d':
      return { from: utcDay(y, m, d - 6), to: today };
    case '30d':
      return { from: utcDay(y, m, d - 29), to: today };
    case '90d':
      return { from: utcDay(y, m, d - 89), to: today };
    case 'month':
      return { from: utcDay(y, m, 1), to: today };
    case 'last-month':
      return { from: utcDay(y, m - 1, 1), to: utcDay(y, m, 0) };
    case 'year':
      return { from: utcDay(y, 0, 1), to: today };
  }
}

/** Why a custom range cannot be asked for, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return 'Choose both dates';
  if (from > to) return 'The start must be on or before the end';
  if (daysInRange(from, to) > STATISTICS_MAX_DAYS) return 'A range is at most 3 years';
  return null;
}

/** The range the URL asks for; anything unreadable falls back to the last 30 days. */
export function rangeFromParams(params: URLSearchParams, now: Date): StatisticsRange {
  const g = params.get('granularity');
  const granularity = (GRANULARITIES as readonly string[]).includes(g ?? '') ? (g as Granularity) : undefined;
  const asked = params.get('range');
  const preset = (PRESETS.some((p) => p.id === asked) ? asked : DEFAULT_PRESET) as Preset;
  if (preset === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (isDay(from) && isDay(to) && customRangeProblem(from, to) === null) return { preset, from, to, granularity };
    return { preset: DEFAULT_PRESET, ...presetRange(DEFAULT_PRESET, now), granularity };
  }
  return { preset, ...presetRange(preset as Exclude<Preset, 'custom'>, now), granularity };
}

/** The URL query for a range: defaults stay out of it. */
export function paramsFromRange(range: Pick<StatisticsRange, 'preset' | 'from' | 'to' | 'granularity'>) {
  const params = new URLSearchParams();
  if (range.preset !== DEFAULT_PRESET) params.set('range', range.preset);
  if (range.preset === 'custom') {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  if (range.granularity) params.set('granularity', range.granularity);
  return params;
}
