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

/** `1 day`, `30 days`. */
export function formatDays(days: number): string {
  return `${formatNumber(days)} ${days === 1 ? 'day' : 'days'}`;
}
