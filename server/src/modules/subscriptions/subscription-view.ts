import { BYTES_PER_GB, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import type { SubscriptionRow } from './subscriptions.schema';

/** Gateways meter bytes; plans are sold in GB of 1024³ bytes. */
export { BYTES_PER_GB };

const twoDecimals = (n: number) => Math.round(n * 100) / 100;

export function isDepleted(row: Pick<SubscriptionRow, 'bandwidthGb' | 'bandwidthUsedBytes'>): boolean {
  return row.bandwidthGb > 0 && row.bandwidthUsedBytes >= row.bandwidthGb * BYTES_PER_GB;
}

/** Time is up even before the expiry job has run: the clock, not the job, decides. */
export function statusAt(row: Pick<SubscriptionRow, 'status' | 'expiresAt'>, now: Date): SubscriptionRow['status'] {
  if (row.status === 'active' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

export function toSubscription(
  row: SubscriptionRow,
  plan: { minRenewDays: number; maxRenewDays: number; durationDays: number },
  now = new Date(),
): Subscription {
  const usedGb = row.bandwidthUsedBytes / BYTES_PER_GB;
  return {
    id: row.id,
    planId: row.planId,
    planTitle: row.planTitle,
    label: row.label,
    proxyUsername: row.proxyUsername,
    type: row.planType,
    status: statusAt(row, now),
    depleted: isDepleted(row),
    country: row.country,
    bandwidth: row.bandwidthGb,
    bandwidthUsed: twoDecimals(usedGb),
    bandwidthUsedBytes: row.bandwidthUsedBytes,
    bandwidthLeft: twoDecimals(Math.max(0, row.bandwidthGb - usedGb)),
    threads: row.threads,
    days: row.days,
    minRenewDays: Math.min(plan.minRenewDays, plan.durationDays),
    maxRenewDays: Math.max(plan.maxRenewDays, plan.durationDays),
    startsAt: row.startsAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    autoRenew: row.autoRenew,
    renewValue: row.renewValue,
    createdAt: row.createdAt.toISOString(),
  };
}
