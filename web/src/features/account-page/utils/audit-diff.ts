import { formatBalance } from '#lib/format.ts';

/** One changed field of an audit row, in words a person reads. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `stripeLimit` -> `Stripe limit`, `referral_rates.isp` stays dotted for nested keys. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CENTS = /(?:_cents|Cents)$/;

export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function flatten(value: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (!isRecord(value)) {
    into[prefix || 'value'] = value;
    return into;
  }
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(inner)) flatten(inner, path, into);
    else into[path] = inner;
  }
  return into;
}

/**
 * Before/after of an audit row as the fields that changed: a staff member reads "Stripe limit:
 * 100 → 250", not two JSON blobs. Fields only on one side show '—' on the other.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (before == null && after == null) return [];
  const a = before == null ? {} : flatten(before);
  const b = after == null ? {} : flatten(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => {
      // Money is kept in cents; staff read dollars.
      const money = CENTS.test(key);
      const show = (value: unknown) =>
        money && typeof value === 'number' ? formatBalance(value / 100) : showValue(value);
      return {
        field: key.replace(CENTS, '').split('.').map(fieldLabel).join(' › '),
        before: show(a[key]),
        after: show(b[key]),
      };
    });
}
