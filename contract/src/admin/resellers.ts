import { z } from 'zod';
import { ADMINS } from '../access/roles';
import { emailSchema, usernameSchema } from '../auth/credentials';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, listQuerySchema } from '../http/envelope';
import { NO_REASON_GIVEN, optionalStaffReason, staffReasonSchema } from './accounts';
import { userIdParams } from './account-page';
import { hasAtMostTwoDecimals } from '../http/money';

/**
 * Reseller accounts (spec §3 "Reseller account extras", §6 "Resell user": Administrator only).
 * What each price means, and how the reseller API charges from it, is ADR 021.
 */
const price = z
  .number({ error: 'Enter a price in dollars' })
  .finite()
  .min(0, 'A price cannot be negative')
  .max(100_000, 'At most $100,000')
  .refine(hasAtMostTwoDecimals, 'Use at most two decimals');
/** null: the reseller cannot buy that product. */
const optionalPrice = price.nullable();
const whitelistLimit = z
  .number({ error: 'Enter a number of IPs' })
  .int('Whole IPs')
  .min(0, 'At least 0')
  .max(10_000, 'At most 10,000');

export const resellerTermsSchema = z.object({
  /** Residential, dollars per GB. */
  resiprice: optionalPrice,
  /** Mobile, dollars per GB. */
  mobileprice: optionalPrice,
  /** Datacenter, dollars per IP for 1, 7 and 30 days. */
  dataprice1: optionalPrice,
  dataprice7: optionalPrice,
  dataprice30: optionalPrice,
  /** Static ISP, dollars per IP per 30 days. */
  ispprice: optionalPrice,
  /** Residential GB prepaid into the reseller's pool; orders draw on it before the balance. */
  gbvalue: z.number({ error: 'Enter GB' }).int('Whole GB').min(0, 'At least 0').max(1_000_000, 'At most 1,000,000'),
  /** Whitelisted IPs allowed per IPv6 and per datacenter plan the reseller hands out. */
  ipv6white: whitelistLimit,
  datawhite: whitelistLimit,
  /** Percent off catalogue prices for products without a price of their own above. */
  value: z
    .number({ error: 'Enter a percentage' })
    .finite()
    .min(0, 'At least 0%')
    .max(100, 'At most 100%')
    // Stored in basis points: a third decimal would be rounded away unseen.
    .refine(hasAtMostTwoDecimals, 'Use at most two decimals'),
});
export type ResellerTerms = z.infer<typeof resellerTermsSchema>;

export const resellerSchema = resellerTermsSchema.extend({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  /** Dollars. */
  balance: z.number(),
  disabled: z.boolean(),
  /**
   * A programme member (ADR 042): a web customer's own account with reseller terms, not a reseller=1
   * API account. Deleting it ends the membership only; the customer keeps their account.
   */
  programme: z.boolean(),
  /** The first characters of the key, so staff can tell keys apart; the key itself is never shown again. */
  apiKeyPrefix: z.string().nullable(),
  apiKeyCreatedAt: z.iso.datetime({ offset: true }).nullable(),
  apiKeyLastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Reseller = z.infer<typeof resellerSchema>;

export const adminResellers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/Raccounts',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary:
    'Reseller accounts and reseller programme members (marked `programme`), newest first; search by username or email',
  message: 'Reseller accounts list',
  query: listQuerySchema.extend({ size: z.coerce.number().int().min(1).max(100).default(20) }),
  payload: listPayloadSchema(resellerSchema),
});

export const adminReseller = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/reseller/{userId}',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary: 'One reseller account with its terms',
  message: 'Reseller account',
  params: userIdParams,
  payload: resellerSchema,
});

export const createResellerBodySchema = resellerTermsSchema.extend({ email: emailSchema, username: usernameSchema });
export type CreateResellerBody = z.infer<typeof createResellerBodySchema>;
export const updateResellerBodySchema = resellerTermsSchema.partial().extend({ reason: staffReasonSchema.optional() });
export type UpdateResellerBody = z.infer<typeof updateResellerBodySchema>;

/** The key in full, this once: only its hash is stored. */
const withKey = z.object({ reseller: resellerSchema, apiKey: z.string() });

export const adminCreateReseller = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/reseller',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary:
    'Create a reseller account with its prices; the API key is in this answer only, the password is set through an emailed link; audited',
  message: 'Reseller created',
  body: createResellerBodySchema,
  payload: withKey,
  rateLimit: { perMinute: 30 },
});

export const adminUpdateReseller = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/reseller/{userId}',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary: 'Change a reseller’s prices and limits; audited with before/after',
  message: 'Reseller updated',
  params: userIdParams,
  body: updateResellerBodySchema,
  payload: resellerSchema,
});

export const adminRotateResellerKey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/reseller/{userId}/apikey',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary: 'Issue a new API key; the old one stops working at once; the new key is in this answer only; audited',
  message: 'API key rotated',
  params: userIdParams,
  payload: withKey,
});

export const adminDeleteReseller = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/reseller/{userId}',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary:
    'End a reseller account: its API key and sessions stop at once, its plans end, invoices and ledger stay (as account deletion); for a programme member only the membership ends (terms and reseller key), the customer keeps their account; audited',
  message: 'Reseller deleted',
  params: userIdParams,
  /** The reason is optional (the spec's call has no body): the audit then records `NO_REASON_GIVEN`. */
  body: z.object({ reason: optionalStaffReason }).default({ reason: NO_REASON_GIVEN }),
  payload: z.null(),
});
