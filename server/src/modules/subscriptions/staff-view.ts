import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import type { SubscriptionRow } from './subscriptions.schema';
import { toSubscription } from './subscription-view';

export function toStaffSubscription(
  row: SubscriptionRow,
  plan: { minRenewDays: number; maxRenewDays: number; durationDays: number },
  account: { id: string; username: string; email: string },
  now = new Date(),
): StaffSubscription {
  return {
    ...toSubscription(row, plan, now),
    account,
    proxyUsername: row.proxyUsername,
    whitelistLimit: row.whitelistLimit,
    deleted: row.deletedAt !== null,
  };
}
