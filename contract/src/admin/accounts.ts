import { z } from 'zod';
import { ADMINS, ADMINS_AND_MANAGERS, ROLES, SUPPORT_STAFF } from '../access/roles';
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
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AccountListItem = z.infer<typeof accountListItemSchema>;

export const accountListPayloadSchema = listPayloadSchema(accountListItemSchema);

export const adminAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Accounts, newest first; search by username or email; size 0 returns the whole list',
  message: 'Accounts list',
  query: listQuerySchema.extend({ size: z.coerce.number().int().min(0).max(100).default(20) }),
  payload: accountListPayloadSchema,
});

export const supportTrialPage = defineEndpoint({
  method: 'GET',
  path: '/api/v1/support/trialpage',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Management panel: customer accounts support can look after, newest first, with search',
  message: 'Accounts list',
  query: listQuerySchema,
  payload: accountListPayloadSchema,
});

export const statisticsPayloadSchema = z.object({
  accounts: z.object({
    total: z.number().int(),
    byRole: z.object({
      User: z.number().int(),
      Administrator: z.number().int(),
      Manager: z.number().int(),
      Support: z.number().int(),
    }),
    resellers: z.number().int(),
    verified: z.number().int(),
    newLast7Days: z.number().int(),
    newLast30Days: z.number().int(),
  }),
  sessions: z.object({ active: z.number().int() }),
  /** Sign-ups per UTC day for the last 30 days, oldest first, days without sign-ups included. */
  signupsByDay: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
});
export type Statistics = z.infer<typeof statisticsPayloadSchema>;

export const adminStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/statistics',
  roles: ADMINS,
  tag: 'Admin: statistics',
  summary: 'Statistics for the admin dashboard',
  message: 'Statistics',
  payload: statisticsPayloadSchema,
});

export const adjustBalanceBodySchema = z.object({
  /** Dollars to add (positive) or subtract (negative). */
  balanceToAddOrSub: dollarsSchema
    // 0.000000001 passes as 'two decimals' but is no cents at all.
    .refine((v) => toCents(v) !== 0, 'Enter an amount other than zero')
    .refine((v) => Math.abs(v) <= 1_000_000, 'At most $1,000,000 at a time'),
  reason: z.string({ error: 'Say why the balance changes' }).trim().min(3, 'Say why the balance changes').max(500),
});

export const adminAdjustBalance = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/accounts/{userId}/balance',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Add to or subtract from a balance with a reason; written to the ledger and the audit log',
  message: 'Balance updated',
  /** A Manager's change above `StaffLimits.balanceWithoutApproval`: nothing moves yet (change 0). */
  messages: { pending: AWAITS_APPROVAL },
  params: z.object({ userId: z.uuid('Unknown account') }),
  body: adjustBalanceBodySchema,
  payload: z.object({ balance: z.number(), change: z.number(), requestId: z.string().optional() }),
});
