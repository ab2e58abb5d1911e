import type { ChangeRequestItem } from '@tollgate/contract/admin/change-requests';
import { formatBalance, formatDate } from '#lib/format.ts';

export const KIND_LABELS: Record<ChangeRequestItem['kind'], string> = {
  balance: 'Balance',
  bandwidth: 'Bandwidth',
  days: 'Days',
};

export const STATUS_LABELS: Record<ChangeRequestItem['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** "+$750.00", "−$20.00", "+100 GB", "+30 days". */
export function formatChange(request: Pick<ChangeRequestItem, 'kind' | 'amount'>): string {
  const sign = request.amount < 0 ? '−' : '+';
  const size = Math.abs(request.amount);
  if (request.kind === 'balance') return `${sign}${formatBalance(size)}`;
  if (request.kind === 'bandwidth') return `${sign}${size} GB`;
  return `${sign}${size} ${size === 1 ? 'day' : 'days'}`;
}

function side(kind: ChangeRequestItem['kind'], value: ChangeRequestItem['before']): string {
  if (value === null) return '—';
  if (kind === 'balance') return formatBalance(Number(value));
  if (kind === 'bandwidth') return `${value} GB`;
  return formatDate(String(value));
}

/** "$12.00 → $762.00" as things stand now; empty once decided (the audit trail keeps the change). */
export function formatBeforeAfter(request: ChangeRequestItem): string {
  if (request.before === null && request.after === null) return '';
  return `${side(request.kind, request.before)} → ${side(request.kind, request.after)}`;
}

/** "just now", "5 min", "3 h", "2 d": how long it has waited. */
export function formatAge(createdAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** What the change touches: the plan's name for GB and days. */
export function describeTarget(request: ChangeRequestItem): string {
  return request.subscriptionLabel
    ? `${KIND_LABELS[request.kind]} · ${request.subscriptionLabel}`
    : KIND_LABELS[request.kind];
}

/** "just now", "5 min ago". */
export const formatAgo = (createdAt: string) => {
  const age = formatAge(createdAt);
  return age === 'just now' ? age : `${age} ago`;
};
