const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `$12.34`; absent balances show as `$0.00` (spec §3). */
export function formatBalance(value: number | null | undefined): string {
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const text = money.format(Math.abs(amount));
  return amount < 0 ? `-$${text}` : `$${text}`;
}

export type TimeStyle = 'none' | '24h' | '12h';

const dateParts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const formatters: Record<TimeStyle, Intl.DateTimeFormat> = {
  none: new Intl.DateTimeFormat('en-US', dateParts),
  '24h': new Intl.DateTimeFormat('en-US', { ...dateParts, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  '12h': new Intl.DateTimeFormat('en-US', { ...dateParts, hour: 'numeric', minute: '2-digit', hour12: true }),
};

/** `Nov 21, 2026`, or with time `Nov 21, 2026, 14:05` / `Nov 21, 2026, 2:05 PM` (spec §9). */
export function formatDate(value: string | number | Date | null | undefined, time: TimeStyle = 'none'): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return formatters[time].format(date);
}

/** `a day` -> `1 Day`, `a month` -> `1 Month`, `3 months` -> `3 Months` (spec §9). */
export function formatDuration(label: string): string {
  return label
    .trim()
    .replace(/^an? /i, '1 ')
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

let regionNames: Intl.DisplayNames | undefined;

/** `US` -> `United States`; anything that is not a two-letter code is shown as given. */
export function formatCountry(value: string | null | undefined): string {
  if (!value) return '—';
  if (!/^[A-Z]{2}$/.test(value)) return value;
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(value) ?? value;
  } catch {
    return value;
  }
}

/**
 * A plan's length as spec §9 (rule 119) labels durations: `1 Day`, `1 Month`, `1 Year`, and in the
 * same words `3 Months`, `2 Years`, `10 Days` (30 days make a month, 365 a year).
 */
export function formatPlanDuration(days: number): string {
  const [count, unit] =
    days > 0 && days % 365 === 0
      ? [days / 365, 'year']
      : days > 0 && days % 30 === 0
        ? [days / 30, 'month']
        : [days, 'day'];
  return formatDuration(`${formatNumber(count)} ${unit}${count === 1 ? '' : 's'}`);
}

/** `1 day`, `30 days`. */
export function formatDays(days: number): string {
  return `${formatNumber(days)} ${days === 1 ? 'day' : 'days'}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const byteNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** Chart axes: three significant digits keep every tick label short enough for the axis. */
const axisByteNumber = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/**
 * `0 B`, `512 B`, `1.5 KB`, `2.25 GB`: binary steps of 1,024, the same GB the plans are sold and
 * metered in (1 GB = 1024^3 bytes on the server).
 */
export function formatBytes(bytes: number, { forAxis = false } = {}): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const number = forAxis ? axisByteNumber : byteNumber;
  return `${number.format(bytes / 1024 ** exponent)} ${BYTE_UNITS[exponent]}`;
}
