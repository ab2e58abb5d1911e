import type { Bill, Invoice } from '@tollgate/contract/checkout/invoices';
import type { Plan } from '@tollgate/contract/plans/plans';

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
