import { z } from 'zod';
import { ADMINS_AND_MANAGERS, ROLES, SUPPORT_STAFF } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, listQuerySchema } from '../http/envelope';
import { invoiceSchema } from '../checkout/invoices';
import { staffSubscriptionSchema } from '../subscriptions/staff-subscriptions';
import { hasAtMostTwoDecimals } from '../http/money';

/**
 * The single-account view of the staff panel (spec §2 /admin/accounts/{userId}, /support/trialpage):
 * the account and its money for Administrators and Managers, a reduced view without money for
 * Support (spec §6). Its lists page by 10 (spec §9).
 */
export const ACCOUNT_PAGE_SIZE = 10;
const pageQuery = listQuerySchema
  .omit({ search: true })
  .extend({ size: z.coerce.number().int().min(1).max(100).default(ACCOUNT_PAGE_SIZE) });
export const userIdParams = z.object({ userId: z.uuid('Unknown account') });

const at = z.iso.datetime({ offset: true });
const staffRef = z.object({ id: z.string(), username: z.string() }).nullable();

/** Referral reward shares per product family, percent of what a referred customer pays (spec §3, default 0). */
export const REFERRAL_FAMILIES = ['residential', 'datacenter', 'isp', 'ipv6', 'mobile'] as const;
export type ReferralFamily = (typeof REFERRAL_FAMILIES)[number];
export const referralRateSchema = z
  .number({ error: 'Enter a percentage' })
  .finite()
  .min(0, 'At least 0%')
  .max(100, 'At most 100%')
  .refine(hasAtMostTwoDecimals, 'Use at most two decimals');
export const referralRatesSchema = z.object({
  residential: referralRateSchema,
  datacenter: referralRateSchema,
  isp: referralRateSchema,
  ipv6: referralRateSchema,
  mobile: referralRateSchema,
});
export type ReferralRates = z.infer<typeof referralRatesSchema>;

/**
 * The rates under the spec's names (§3 Account: `Referral*RewardRate`), sent beside the nested copy
 * (issue 33). The server always sends them; they are optional in the type so our own screens, which
 * read the nested copy, need not build them.
 */
export const specReferralRatesShape = {
  ReferralResidentialRewardRate: referralRateSchema.optional(),
  ReferralDatacenterRewardRate: referralRateSchema.optional(),
  ReferralISPRewardRate: referralRateSchema.optional(),
  ReferralIPv6RewardRate: referralRateSchema.optional(),
  ReferralMobileRewardRate: referralRateSchema.optional(),
};
/** What a body gave under the spec's names, as the nested copy; a nested value given too wins. */
export function referralRatesFromSpec(
  body: { [K in keyof typeof specReferralRatesShape]?: number | undefined } & {
    referralRates?: Partial<ReferralRates> | undefined;
  },
): Partial<ReferralRates> {
  const flat: Partial<ReferralRates> = {
    residential: body.ReferralResidentialRewardRate,
    datacenter: body.ReferralDatacenterRewardRate,
    isp: body.ReferralISPRewardRate,
    ipv6: body.ReferralIPv6RewardRate,
    mobile: body.ReferralMobileRewardRate,
  };
  const given = Object.entries({ ...flat, ...body.referralRates }).filter(([, value]) => value !== undefined);
  return Object.fromEntries(given) as Partial<ReferralRates>;
}

export const specReferralRates = (rates: ReferralRates) => ({
  ReferralResidentialRewardRate: rates.residential,
  ReferralDatacenterRewardRate: rates.datacenter,
  ReferralISPRewardRate: rates.isp,
  ReferralIPv6RewardRate: rates.ipv6,
  ReferralMobileRewardRate: rates.mobile,
});

/** The §3 basic profile as the customer keeps it (all optional text). */
export const billingDetailsSchema = z.object({
  legalName: z.string().nullable(),
  legalSurname: z.string().nullable(),
  billingEmail: z.string().nullable(),
  country: z.string().nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  billingAddress: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
});

/** Everything support may see of an account: who it is and how it signs in, no money. */
export const supportAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  reseller: z.union([z.literal(0), z.literal(1)]),
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  googleLinked: z.boolean(),
  discordLinked: z.boolean(),
  hasPassword: z.boolean(),
  disabled: z.boolean(),
  disabledAt: at.nullable(),
  /** Shown to the customer as a notice in their area; null for none. */
  message: z.string().nullable(),
  createdAt: at,
  lastSeenAt: at.nullable(),
  activePlans: z.number().int(),
});
export type SupportAccount = z.infer<typeof supportAccountSchema>;

/** The full account for Administrators and Managers. Money is in dollars. */
export const adminAccountSchema = supportAccountSchema.extend({
  balance: z.number(),
  /** Paid purchase and renewal invoices. */
  spent: z.number(),
  balancePaymentProcessorEnabled: z.boolean(),
  stripePaymentProcessorEnabled: z.boolean(),
  cryptoPaymentProcessorEnabled: z.boolean(),
  /** Dollars the account may pay by card per rolling 24 hours (spec §9). */
  stripeLimit: z.number(),
  referralRates: referralRatesSchema,
  ...specReferralRatesShape,
  referralCodeUsed: z.string().nullable(),
  billing: billingDetailsSchema,
  emailSubscribed: z.boolean(),
  termsAcceptedAt: at.nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary:
    'One account with its plans (page, size 10); ledger, invoices, payments, sessions, sign-ins and audit are their own lists',
  message: 'Account',
  params: userIdParams,
  query: pageQuery,
  payload: z.object({ account: adminAccountSchema, subscriptions: listPayloadSchema(staffSubscriptionSchema) }),
});

export const supportAccount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/support/accounts/{id}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary:
    'A customer account without money, with its plans (page, size 10); staff and reseller accounts are not found',
  message: 'Account',
  params: z.object({ id: z.uuid('Unknown account') }),
  query: pageQuery,
  payload: z.object({ account: supportAccountSchema, subscriptions: listPayloadSchema(staffSubscriptionSchema) }),
});

/**
 * Why a balance changed. Rewards name their cause (ADR 032): a referral reward claimed, one taken
 * back by a refund, a loyalty tier claimed, a gift code redeemed. `reward` is older and unused.
 */
export const LEDGER_KINDS = [
  'deposit',
  'purchase',
  'renewal',
  'refund',
  'staff_adjustment',
  'reward',
  'referral_reward',
  'referral_reversal',
  'loyalty_reward',
  'loyalty_reversal',
  'deposit_reversal',
  'gift',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Dollars, signed. */
  amount: z.number(),
  balanceAfter: z.number(),
  /** What the entry points at (an invoice, payment, claim or redemption id): for machines, not for reading. */
  reference: z.string().nullable(),
  /** The invoice behind a purchase, renewal, refund or deposit, for a readable link instead of the reference. */
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The staff member behind a staff adjustment. */
  actor: staffRef,
  createdAt: at,
});
export type LedgerItem = z.infer<typeof ledgerItemSchema>;

export const adminAccountLedger = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/ledger',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Balance history, newest first (page, size 10)',
  message: 'Ledger',
  params: userIdParams,
  query: pageQuery,
  payload: listPayloadSchema(ledgerItemSchema),
});

export const adminAccountInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/invoices',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'The account’s invoices, newest first (page, size 10)',
  message: 'Invoices list',
  params: userIdParams,
  query: pageQuery,
  payload: listPayloadSchema(invoiceSchema),
});

export const accountPaymentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  purpose: z.enum(['deposit', 'purchase']),
  method: z.enum(['stripe', 'crypto']),
  provider: z.string(),
  externalId: z.string().nullable(),
  amount: z.number(),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'expired']),
  createdAt: at,
  settledAt: at.nullable(),
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;

export const adminAccountPayments = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/payments',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Card and crypto payments of the account, newest first (page, size 10)',
  message: 'Payments list',
  params: userIdParams,
  query: pageQuery,
  payload: listPayloadSchema(accountPaymentSchema),
});

export const staffSessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: at,
  lastSeenAt: at,
  expiresAt: at,
});

export const adminAccountSessions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/sessions',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Active sign-ins of the account, most recently used first',
  message: 'Sessions list',
  params: userIdParams,
  payload: z.object({ sessions: z.array(staffSessionSchema) }),
});

export const adminRevokeSession = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/accounts/{userId}/sessions/{sessionId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Sign the account out of one session at once; audited',
  message: 'Session signed out',
  params: userIdParams.extend({ sessionId: z.uuid('Unknown session') }),
  payload: z.null(),
});

export const adminRevokeAllSessions = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/accounts/{userId}/sessions',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Sign the account out everywhere at once; audited',
  message: 'Sessions signed out',
  params: userIdParams,
  payload: z.object({ revoked: z.number().int() }),
});

export const SIGN_IN_OUTCOMES = [
  'success',
  'wrong_password',
  'blocked',
  'disabled',
  'two_factor_required',
  'two_factor_failed',
] as const;
export const SIGN_IN_METHODS = ['password', 'google', 'two_factor'] as const;

export const signInEventSchema = z.object({
  id: z.number().int(),
  method: z.enum(SIGN_IN_METHODS),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: at,
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

export const adminAccountSignIns = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/sign-ins',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Sign-in attempts of the account, successful and failed, newest first (page, size 10)',
  message: 'Sign-in history',
  params: userIdParams,
  query: pageQuery,
  payload: listPayloadSchema(signInEventSchema),
});

export const auditItemSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  actor: staffRef,
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  createdAt: at,
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const adminAccountAudit = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/audit',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'What staff changed on this account and its plans, newest first (page, size 10)',
  message: 'Audit trail',
  params: userIdParams,
  query: pageQuery,
  payload: listPayloadSchema(auditItemSchema),
});
