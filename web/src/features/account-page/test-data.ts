/** Test data for this feature's tests (not imported by the app). */
import type { AdminAccount, SupportAccount } from '@tollgate/contract/admin/account-page';
import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { buildStaffSubscription } from '../../test/builders.ts';

export const CUSTOMER_ID = '22222222-2222-4222-8222-222222222222';

export function buildSupportAccount(overrides: Partial<SupportAccount> = {}): SupportAccount {
  return {
    id: CUSTOMER_ID,
    username: 'alice',
    email: 'alice@example.test',
    role: 'User',
    reseller: 0,
    avatarUrl: null,
    emailVerified: true,
    twoFactorEnabled: false,
    googleLinked: false,
    discordLinked: false,
    hasPassword: true,
    disabled: false,
    disabledAt: null,
    message: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: '2026-11-20T10:00:00.000Z',
    activePlans: 1,
    ...overrides,
  };
}

export function buildAdminAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    ...buildSupportAccount(),
    balance: 42.5,
    spent: 120,
    balancePaymentProcessorEnabled: true,
    stripePaymentProcessorEnabled: true,
    cryptoPaymentProcessorEnabled: true,
    stripeLimit: 100,
    referralRates: { residential: 0, datacenter: 0, isp: 0, ipv6: 0, mobile: 0 },
    referralCodeUsed: null,
    billing: {
      legalName: 'Alice',
      legalSurname: 'Martin',
      billingEmail: null,
      country: 'FR',
      companyName: null,
      vatNumber: null,
      phoneNumber: null,
      billingAddress: '1 Rue de Paris',
      city: 'Paris',
      zipCode: '75001',
    },
    emailSubscribed: false,
    termsAcceptedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const plans = (items: StaffSubscription[] = [buildStaffSubscription()]) => ({
  items,
  total: items.length,
  page: 1,
  size: 10,
});
