import type { PayloadOf } from '@tollgate/contract/endpoint';
import type {
  resellerDashboard,
  ResellerApplication,
  ResellerDashboard,
} from '@tollgate/contract/reseller/reseller-programme';

export const SUB_USER_ID = '00000000-0000-4000-8000-0000000000a1';
export const PLAN_ID = '00000000-0000-4000-8000-0000000000b1';

export const answers = {
  company: 'Proxy Corner',
  website: 'https://proxycorner.example',
  products: ['residential' as const, 'isp' as const],
  monthlyVolume: '100-1000' as const,
  channel: 'website' as const,
  message: 'We sell to scraping teams in Europe through our own shop.',
};

export function application(overrides: Partial<ResellerApplication> = {}): ResellerApplication {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    status: 'pending',
    answers,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    reason: null,
    ...overrides,
  };
}

export function memberDashboard(overrides: Partial<ResellerDashboard> = {}): ResellerDashboard {
  return {
    balance: 120.5,
    prices: {
      resiprice: 2.5,
      mobileprice: 5,
      dataprice1: 0.2,
      dataprice7: 0.9,
      dataprice30: 2,
      ispprice: 3.15,
      value: 10,
    },
    gbvalue: 40,
    spend30d: 88.2,
    spendTotal: 410,
    subUsers: 3,
    activePlans: 4,
    gbPerDay: Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10),
      gb: i % 5,
    })),
    apiKey: null,
    ...overrides,
  };
}

export const standing = (
  status: PayloadOf<typeof resellerDashboard>['status'],
  extra: Partial<PayloadOf<typeof resellerDashboard>> = {},
): PayloadOf<typeof resellerDashboard> => ({ status, application: null, dashboard: null, ...extra });
