import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';

let next = 0;

/** A complete staff view of a subscription for this feature's tests; override what a test is about. */
export function buildStaffSubscription(overrides: Partial<StaffSubscription> = {}): StaffSubscription {
  return {
    id: `10000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
    planId: '20000000-0000-4000-8000-000000000001',
    planTitle: 'Residential Rotating',
    type: 'residential',
    status: 'active',
    depleted: false,
    country: 'US',
    bandwidth: 10,
    bandwidthUsed: 2.5,
    bandwidthLeft: 7.5,
    threads: 0,
    days: 30,
    minRenewDays: 1,
    maxRenewDays: 90,
    startsAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-12-21T10:00:00.000Z',
    autoRenew: false,
    renewValue: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    account: { id: '30000000-0000-4000-8000-000000000001', username: 'customer', email: 'customer@tollgate.local' },
    proxyUsername: 'customer_ab12cd',
    whitelistLimit: null,
    deleted: false,
    ...overrides,
  };
}
