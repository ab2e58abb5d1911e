import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { toLocalInput } from '#lib/local-datetime.ts';

export const EDIT_FIELDS = [
  'country',
  'bandwidth',
  'threads',
  'expiresAt',
  'status',
  'autoRenew',
  'renewValue',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditValues = Record<EditField, string>;

/** `YYYY-MM-DDTHH:mm` read in the browser's time zone -> ISO instant; undefined when not a date. */
export function fromLocalInput(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function editValuesOf(subscription: StaffSubscription): EditValues {
  return {
    country: subscription.country,
    bandwidth: String(subscription.bandwidth),
    threads: String(subscription.threads),
    expiresAt: toLocalInput(subscription.expiresAt),
    status: subscription.status,
    autoRenew: String(subscription.autoRenew),
    renewValue: subscription.renewValue === null ? '' : String(subscription.renewValue),
  };
}

const numberOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The PATCH body: only what the form changed (the call is partial, and an untouched end date must
 * not lose its seconds to the minute-precision input). Values the schema rejects are passed as
 * they are, so its messages show under the fields.
 */
export function changesOf(initial: EditValues, values: EditValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const changed = (key: EditField) => initial[key] !== values[key];
  if (changed('country')) body.country = values.country;
  if (changed('bandwidth')) body.bandwidth = numberOf(values.bandwidth);
  if (changed('threads')) body.threads = numberOf(values.threads);
  if (changed('expiresAt')) body.expiresAt = fromLocalInput(values.expiresAt) ?? values.expiresAt;
  if (changed('status')) body.status = values.status;
  if (changed('autoRenew')) body.autoRenew = values.autoRenew === 'true';
  if (changed('renewValue')) body.renewValue = values.renewValue.trim() === '' ? null : numberOf(values.renewValue);
  return body;
}
