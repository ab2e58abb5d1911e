import type { Reseller, ResellerTerms } from '@tollgate/contract/admin/resellers';
import type { Bill, Invoice } from '@tollgate/contract/checkout/invoices';
import type { PayloadOf } from '@tollgate/contract/endpoint';
import type { Plan } from '@tollgate/contract/plans/plans';
import type { generator, proxyUsage } from '@tollgate/contract/proxies/proxies';
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
    refundedAt: null,
    refundMode: null,
    lines: [
      {
        label: '10 GB',
        quantity: 10,
        per: 'GB',
        unitPrice: 3.5,
        amount: 35,
        source: 'plan-tiers',
        table: 'plan',
        note: null,
      },
    ],
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
    label: null,
    proxyUsername: `customer_${String(nextSubscription).padStart(6, '0')}`,
    type: 'residential',
    status: 'active',
    depleted: false,
    country: 'US',
    bandwidth: 10,
    bandwidthUsed: 2.5,
    bandwidthUsedBytes: 2.5 * 1024 ** 3,
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

type GeneratorPayload = PayloadOf<typeof generator>;

/** The generator answer for a running residential plan: default list of three HTTP lines. */
export function buildGenerator(overrides: Partial<GeneratorPayload> = {}): GeneratorPayload {
  const host = overrides.host ?? 'proxy.tollgate.local';
  const username = overrides.username ?? 'customer_ab12cd';
  const password = overrides.password ?? 'Kx7pQ2mZ9w';
  return {
    subscription: buildSubscription(),
    host,
    ports: { http: 8080, socks5: 1080 },
    port: 8080,
    username,
    password,
    config: {
      geoRegion: null,
      city: null,
      isp: null,
      residentialSettings: {},
      mobileSettings: {},
      ipv6Settings: {},
      whitelist: [],
      whitelistLimit: 5,
    },
    formats: ['host:port:user:pass', 'user:pass@host:port', 'url'],
    format: 'host:port:user:pass',
    lines: [1, 2, 3].map((n) => `${host}:8080:${username}-session-s${n}:${password}`),
    ...overrides,
  };
}

type ProxyUsagePayload = PayloadOf<typeof proxyUsage>;

/** Two days of daily usage (3 GB, 2,000 requests) on a 10 GB plan with 4 GB used. */
export function buildProxyUsage(overrides: Partial<ProxyUsagePayload> = {}): ProxyUsagePayload {
  const mb = 1024 ** 2;
  const gb = 1024 * mb;
  return {
    subscriptionId: '10000000-0000-4000-8000-000000000001',
    from: '2026-11-20T00:00:00.000Z',
    to: '2026-11-21T23:59:59.999Z',
    granularity: 'day',
    series: [
      { at: '2026-11-20T00:00:00.000Z', bytesIn: 256 * mb, bytesOut: 768 * mb, requests: 1200, failures: 12 },
      { at: '2026-11-21T00:00:00.000Z', bytesIn: 512 * mb, bytesOut: 1536 * mb, requests: 800, failures: 18 },
    ],
    totals: { bytesIn: 768 * mb, bytesOut: 2304 * mb, requests: 2000, failures: 30 },
    countries: [
      { country: 'us', bytes: 2 * gb, requests: 1500 },
      { country: 'de', bytes: gb, requests: 500 },
    ],
    bandwidth: { totalBytes: 10 * gb, usedBytes: 4 * gb },
    forecast: { bytesPerDay: 2 * gb, runsOutAt: '2026-11-24T12:00:00.000Z' },
    ...overrides,
  };
}

/** A reseller's terms as the form sends them untouched: no own prices, the default whitelists. */
export function buildResellerTerms(overrides: Partial<ResellerTerms> = {}): ResellerTerms {
  return {
    resiprice: null,
    mobileprice: null,
    dataprice1: null,
    dataprice7: null,
    dataprice30: null,
    ispprice: null,
    gbvalue: 0,
    ipv6white: 10,
    datawhite: 10,
    value: 0,
    ...overrides,
  };
}

/** A reseller with no API key yet, on the default terms. */
export function buildReseller(overrides: Partial<Reseller> = {}): Reseller {
  return {
    id: uuid(),
    username: 'acme',
    email: 'ops@acme.test',
    balance: 0,
    disabled: false,
    programme: false,
    ...buildResellerTerms(),
    apiKeyPrefix: null,
    apiKeyCreatedAt: null,
    apiKeyLastUsedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
