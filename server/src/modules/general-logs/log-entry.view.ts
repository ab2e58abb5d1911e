import { logActionLabel, type LogEntry } from '@tollgate/contract/admin/logs';
import { toDollars } from '@tollgate/contract/http/money';
import type { LogRow } from './general-logs.repository';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${toDollars(Math.abs(cents)).toFixed(2)}`;
const signedMoney = (cents: number) => `${cents > 0 ? '+' : ''}${money(cents)}`;

/** What a before/after pair changed, top-level fields only: the screen shows the full diff. */
function changedFields(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** A name the target carries in its own before/after (a plan's title, a coupon's code). */
function nameOf(row: LogRow): string | null {
  for (const side of [row.after, row.before]) {
    if (!isRecord(side)) continue;
    for (const key of ['title', 'name', 'code', 'planTitle']) {
      const value = side[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

function whom(row: LogRow): string {
  if (row.account_username) return row.account_username;
  if (!row.target_type) return '';
  const name = nameOf(row);
  return name ? `${row.target_type} “${name}”` : `${row.target_type} ${row.target_id ?? ''}`.trim();
}

function sentence(row: LogRow): string {
  const label = logActionLabel(row.action);
  const target = whom(row);
  const on = target ? ` — ${target}` : '';
  const detail = row.detail ?? {};
  switch (row.action) {
    case 'account.balance.adjust': {
      const before = isRecord(row.before) ? Number(row.before.balanceCents) : NaN;
      const after = isRecord(row.after) ? Number(row.after.balanceCents) : NaN;
      if (Number.isFinite(before) && Number.isFinite(after))
        return `${label}${on}: ${signedMoney(after - before)} (${money(before)} → ${money(after)})`;
      return `${label}${on}`;
    }
    case 'logs.retention.update': {
      const before = isRecord(row.before) ? row.before.days : undefined;
      const after = isRecord(row.after) ? row.after.days : undefined;
      return `${label}: ${String(before)} → ${String(after)} days`;
    }
    case 'email.changed':
      return `${label}${on}: ${String(detail.from ?? '?')} → ${String(detail.to ?? '?')}`;
    case 'api_key.used':
      return `${label}${on}${typeof detail.key === 'string' ? ` (key ${detail.key}…)` : ''}`;
    default:
      break;
  }
  if (row.source === 'sign_in')
    return `${label}${on}${typeof detail.method === 'string' ? ` (${detail.method.replace('_', ' ')})` : ''}`;
  const changed = changedFields(row.before, row.after);
  if (row.before !== null && row.after !== null && changed.length > 0)
    return `${label}${on}: ${changed.slice(0, 4).join(', ')}${changed.length > 4 ? ` and ${changed.length - 4} more` : ''}`;
  return `${label}${on}`;
}

export function toLogEntry(row: LogRow): LogEntry {
  const ref = (id: string | null, username: string | null) => (id ? { id, username: username ?? 'unknown' } : null);
  return {
    id: `${row.source}:${row.seq}`,
    kind: row.source === 'audit' ? 'audit' : 'security',
    action: row.action,
    actionLabel: logActionLabel(row.action),
    summary: sentence(row),
    actor: ref(row.actor_id, row.actor_username),
    targetAccount: ref(row.account_id, row.account_username),
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    before: row.before ?? null,
    after: row.after ?? null,
    detail: isRecord(row.detail) ? row.detail : null,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: new Date(Number(row.at_ms)).toISOString(),
  };
}
