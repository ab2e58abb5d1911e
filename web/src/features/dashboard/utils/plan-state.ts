import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';

const DAY_MS = 86_400_000;

/**
 * How a plan is measured: GB plans (residential, mobile, IPv6 by GB) carry bandwidth, thread plans
 * (ISP, datacenter) carry threads and no GB. The subscription does not name its plan's sale unit, so
 * the amounts it holds decide, the type only when both are empty.
 */
export type PlanUnit = 'GB' | 'threads';
export function unitOf(subscription: Pick<Subscription, 'bandwidth' | 'threads' | 'type'>): PlanUnit {
  if (subscription.bandwidth > 0) return 'GB';
  if (subscription.threads > 0) return 'threads';
  return subscription.type === 'isp' || subscription.type === 'datacenter' ? 'threads' : 'GB';
}

/** The badge a plan wears: used-up GB plans read Depleted while their time runs. */
export type PlanState = 'active' | 'depleted' | 'expired' | 'pending' | 'cancelled';
export function stateOf(subscription: Pick<Subscription, 'status' | 'depleted'>): PlanState {
  if (subscription.status === 'active' && subscription.depleted) return 'depleted';
  return subscription.status;
}

/** The server removes only plans that are over: expired, cancelled or used up (never an unpaid one). */
export function isRemovable(subscription: Pick<Subscription, 'status' | 'depleted'>): boolean {
  if (subscription.status === 'pending') return false;
  return subscription.status !== 'active' || subscription.depleted;
}

/** Whole days until the end, counting a started day as a day; null without an end or once over. */
export function daysLeft(expiresAt: string | null, now = Date.now()): number | null {
  if (!expiresAt) return null;
  const end = new Date(expiresAt).getTime();
  if (Number.isNaN(end) || end <= now) return null;
  return Math.ceil((end - now) / DAY_MS);
}

export function daysLeftLabel(expiresAt: string | null, now = Date.now()): string | null {
  const left = daysLeft(expiresAt, now);
  if (left === null) return expiresAt ? 'Ended' : null;
  return `${left} ${left === 1 ? 'day' : 'days'} left`;
}

const gb = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** `1`, `0.25`, `1,024.5` */
export function formatGb(value: number): string {
  return gb.format(value);
}

/** Share of the GB used, 0 to 100. */
export function usedPercent(subscription: Pick<Subscription, 'bandwidth' | 'bandwidthUsed'>): number {
  if (subscription.bandwidth <= 0) return 0;
  return Math.min(100, Math.max(0, (subscription.bandwidthUsed / subscription.bandwidth) * 100));
}
