import type { Bill, Invoice } from '@tollgate/contract/checkout/invoices';
import type { Plan } from '@tollgate/contract/plans/plans';
import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';

let next = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export function buildPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: uuid(),
    title: 'Residential Pro',
    description: 'Rotating residential IPs in 190 countries',
    type: 'residential',
    provider: 'upstream-a',
    price: 0,
    bandwidthPrices: '[{"value":1,"price":3.5},{"value":50,"price":3}]',
    threadPrices: '',
    minRenewDays: 1,
    maxRenewDays: 90,
    duration: 30,
    bandwidth: 0,
    throughput: 0,
    threads: 0,
    enabled: true,
    status: 'active',
    trial: false,
    order: 0,
    serverGeo: 'Worldwide',
    serverGeoOptions: 'US,DE,GB',
    currentThreads: 0,
    customPlan: false,
    residentialType: '',
    supportshow: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: uuid(),
    number: 'INV-2026-000001',
    kind: 'purchase',
    subscriptionId: uuid(),
    description: 'Residential Pro, 10 GB, 30 days',
    planTitle: 'Residential Pro',
    planType: 'residential',
    units: 10,
    unit: 'GB',
    days: 30,
    country: 'US',
    subtotal: 35,
    discount: 3.5,
    total: 31.5,
    couponCode: 'SAVE10',
    paymentMethod: 'balance',
    status: 'paid',
    createdAt: '2026-11-21T10:00:00.000Z',
    paidAt: '2026-11-21T10:00:05.000Z',
    ...overrides,
  };
}

export function buildBill(overrides: Partial<Bill> = {}): Bill {
  const invoices = overrides.invoices ?? [buildInvoice()];
  return {
    issuer: { name: 'Tollgate', details: 'Tollgate Networks Ltd\n1 Example Street\nLondon' },
    customer: {
      username: 'customer',
      email: 'customer@tollgate.local',
      legalName: '',
      legalSurname: '',
      companyName: '',
      vatNumber: '',
      billingEmail: '',
      billingAddress: '',
      city: '',
      zipCode: '',
      country: '',
      phoneNumber: '',
    },
    invoices,
    total: invoices.reduce((sum, invoice) => sum + invoice.total, 0),
    ...overrides,
  };
}

let nextSubscription = 0;

/** A running bandwidth plan bought now for 30 days; override what a test is about. */
export function buildSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const now = Date.now();
  return {
    id: `10000000-0000-4000-8000-${String(++nextSubscription).padStart(12, '0')}`,
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
    startsAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 30 * 86_400_000).toISOString(),
    autoRenew: false,
    renewValue: null,
    createdAt: new Date(now).toISOString(),
    ...overrides,
  };
}

/** The staff view of the same subscription, with its owner and delivery details. */
export function buildStaffSubscription(overrides: Partial<StaffSubscription> = {}): StaffSubscription {
  return {
    ...buildSubscription(),
    account: { id: '30000000-0000-4000-8000-000000000001', username: 'customer', email: 'customer@tollgate.local' },
    proxyUsername: 'customer_ab12cd',
    whitelistLimit: null,
    deleted: false,
    ...overrides,
  };
}
