import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';

/** GB plans carry bandwidth, thread plans (ISP, datacenter) threads and no GB. */
export function usageOf(row: Pick<StaffSubscription, 'bandwidth' | 'threads' | 'type'>): 'GB' | 'threads' {
  if (row.bandwidth > 0) return 'GB';
  if (row.threads > 0) return 'threads';
  return row.type === 'isp' || row.type === 'datacenter' ? 'threads' : 'GB';
}

const gb = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatGb = (value: number) => gb.format(value);
