import { formatBalance } from '#lib/format.ts';

export type ChangeKind = 'changed' | 'added' | 'removed' | 'same';

export interface FieldChange {
  /** `price`, `billing.city`, `tiers[2].price`. */
  path: string;
  before: string | null;
  after: string | null;
  kind: ChangeKind;
}

const MAX_DEPTH = 4;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as a person reads it: money in dollars, yes/no, lists of plain values on one line. */
export function showValue(path: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && /cents$/i.test(path)) return formatBalance(value / 100);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => !isRecord(item) && !Array.isArray(item)))
    return value.length === 0 ? '(none)' : value.map((item) => showValue(path, item)).join(', ');
  return JSON.stringify(value);
}

/** Nested objects and arrays of objects become one line per leaf, so a change shows where it is. */
function flatten(value: unknown, path: string, depth: number, into: Map<string, unknown>) {
  const leaf =
    depth >= MAX_DEPTH ||
    !(isRecord(value) || (Array.isArray(value) && value.some((item) => isRecord(item) || Array.isArray(item))));
  if (leaf) {
    into.set(path, value);
    return;
  }
  const entries = Array.isArray(value) ? value.map((item, i) => [`[${i}]`, item] as const) : Object.entries(value);
  if (entries.length === 0) into.set(path, value);
  for (const [key, item] of entries) {
    const next = key.startsWith('[') ? `${path}${key}` : path ? `${path}.${key}` : key;
    flatten(item, next, depth + 1, into);
  }
}

/**
 * Field-by-field comparison of an audit row's before and after. A side that is null (something
 * created or deleted) makes every field added or removed; changed fields come first, in the
 * order the record lists them.
 */
export function diffOf(before: unknown, after: unknown): FieldChange[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', 0, left);
  if (after !== null && after !== undefined) flatten(after, '', 0, right);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  const changes = paths.map((path): FieldChange => {
    const inLeft = left.has(path);
    const inRight = right.has(path);
    const b = inLeft ? showValue(path, left.get(path)) : null;
    const a = inRight ? showValue(path, right.get(path)) : null;
    const kind: ChangeKind = !inLeft ? 'added' : !inRight ? 'removed' : b === a ? 'same' : 'changed';
    return { path: path || 'value', before: b, after: a, kind };
  });
  const rank = (kind: ChangeKind) => (kind === 'same' ? 1 : 0);
  return changes
    .map((change, i) => ({ change, i }))
    .sort((x, y) => rank(x.change.kind) - rank(y.change.kind) || x.i - y.i)
    .map((x) => x.change);
}

/** `balanceCents` -> `Balance`, `billing.vatNumber` -> `Billing › Vat number`. */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => {
      const words = part
        .replace(/Cents$/, '')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}
