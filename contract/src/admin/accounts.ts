import { z } from 'zod';
import { ADMINS_AND_MANAGERS, ROLES, SUPPORT_STAFF } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { AWAITS_APPROVAL } from './change-requests';
import { listPayloadSchema, listQuerySchema } from '../http/envelope';
import { dollarsSchema, toCents } from '../http/money';

export const accountListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  reseller: z.union([z.literal(0), z.literal(1)]),
  /** Dollars. */
  balance: z.number(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  disabled: z.boolean(),
  /** Dollars of paid purchase and renewal invoices; deposits are not spending. */
  spent: z.number(),
  /** Subscriptions running now (active and not yet expired). */
  activePlans: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AccountListItem = z.infer<typeof accountListItemSchema>;

export const accountListPayloadSchema = listPayloadSchema(accountListItemSchema);

/** Support never sees money: the management panel's rows carry no balance and no spend. */
export const supportAccountListItemSchema = accountListItemSchema.omit({ balance: true, spent: true });
export type SupportAccountListItem = z.infer<typeof supportAccountListItemSchema>;
export const supportAccountListPayloadSchema = listPayloadSchema(supportAccountListItemSchema);

/** `size=0` ("the whole list") stops here, so nobody downloads 100,000 rows by accident. */
export const ACCOUNT_LIST_MAX_ROWS = 10_000;

export const ACCOUNT_SORTS = ['newest', 'oldest', 'balance_desc', 'balance_asc', 'spent_desc', 'spent_asc'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
/** `true`/`false` in a query string; absent = either. */
const flagQuery = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .transform((v) => v === 'true')
  .optional();

export const accountListQuerySchema = listQuerySchema.extend({
  size: z.coerce.number().int().min(0).max(100).default(20),
  role: z.enum(ROLES, { error: 'Unknown role' }).optional(),
  verified: flagQuery,
  twoFactor: flagQuery,
  reseller: flagQuery,
  disabled: flagQuery,
  activePlan: flagQuery,
  sort: z.enum(ACCOUNT_SORTS, { error: 'Unknown sort' }).default('newest'),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

export const adminAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary:
    'Accounts: search by username, email or id (a full id matches exactly, anything else is a case-insensitive fragment of username or email); filter by role, verified, 2FA, reseller, disabled, active plan; sort by sign-up, balance or spend; size 0 returns the whole list, at most 10,000 rows',
  message: 'Accounts list',
  query: accountListQuerySchema,
  payload: accountListPayloadSchema,
});

export const supportTrialPage = defineEndpoint({
  method: 'GET',
  path: '/api/v1/support/trialpage',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary:
    'Management panel: customer accounts (not staff, not resellers) support can look after, newest first, with search and filters; no money fields',
  message: 'Accounts list',
  query: listQuerySchema.extend({
    verified: flagQuery,
    twoFactor: flagQuery,
    disabled: flagQuery,
    activePlan: flagQuery,
  }),
  payload: supportAccountListPayloadSchema,
});

/** Why staff changed money or access; kept with the audit row. */
export const staffReasonSchema = z
  .string({ error: 'Say why' })
  .trim()
  .min(3, 'Say why (at least 3 characters)')
  .max(500, 'At most 500 characters');

/**
 * What the audit log records when a caller gives no reason: the spec's calls carry none (issue 33),
 * so a client written from the spec is never refused for it; the staff panel always sends one.
 */
export const NO_REASON_GIVEN = 'Via API (no reason given)';
/** A reason staff may give; without one the audit records `NO_REASON_GIVEN`. */
export const optionalStaffReason = staffReasonSchema.default(NO_REASON_GIVEN);

export const adjustBalanceBodySchema = z.object({
  /** Dollars to add (positive) or subtract (negative). */
  balanceToAddOrSub: dollarsSchema
    // 0.000000001 passes as 'two decimals' but is no cents at all.
    .refine((v) => toCents(v) !== 0, 'Enter an amount other than zero')
    .refine((v) => Math.abs(v) <= 1_000_000, 'At most $1,000,000 at a time'),
  /** Kept with the ledger and audit rows; `NO_REASON_GIVEN` without one (the spec's call has none). */
  reason: z
    .string({ error: 'Say why the balance changes' })
    .trim()
    .min(3, 'Say why the balance changes')
    .max(500)
    .default(NO_REASON_GIVEN),
});

export const adminAdjustBalance = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/accounts/{userId}/balance',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary:
    'Add to or subtract from a balance (balanceToAddOrSub), with an optional reason (the audit records "' +
    NO_REASON_GIVEN +
    '" without one); written to the ledger and the audit log',
  message: 'Balance updated',
  /** A Manager's change above `StaffLimits.balanceWithoutApproval`: nothing moves yet (change 0). */
  messages: { pending: AWAITS_APPROVAL },
  params: z.object({ userId: z.uuid('Unknown account') }),
  body: adjustBalanceBodySchema,
  payload: z.object({ balance: z.number(), change: z.number(), requestId: z.string().optional() }),
});
