import { z } from 'zod';
import { ADMINS_AND_MANAGERS, ROLES, SUPPORT_STAFF } from '../access/roles';
import { emailSchema, usernameSchema } from '../auth/credentials';
import { defineEndpoint } from '../endpoint';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../profile/profile';
import { staffReasonSchema } from './accounts';
import {
  adminAccountSchema,
  referralRatesSchema,
  specReferralRatesShape,
  supportAccountSchema,
  userIdParams,
} from './account-page';
import { hasAtMostTwoDecimals } from '../http/money';

/**
 * What staff do to one account. Every call is audited with before/after; calls that change money or
 * access take a reason. A Manager acts on customer accounts only and never changes a role; nobody
 * demotes, disables or deletes themselves or the last Administrator.
 */

export const STAFF_MESSAGE_MAX = 500;
/** A notice to the customer, shown in their area; empty text clears it. */
export const staffMessageSchema = z
  .string()
  .trim()
  .max(STAFF_MESSAGE_MAX, `At most ${STAFF_MESSAGE_MAX} characters`)
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const editAccountBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    /** Spec §3's manager/support flags are the role; only an Administrator changes it. */
    role: z.enum(ROLES, { error: 'Unknown role' }),
    balancePaymentProcessorEnabled: z.boolean(),
    stripePaymentProcessorEnabled: z.boolean(),
    cryptoPaymentProcessorEnabled: z.boolean(),
    /** Dollars per rolling 24 hours. */
    stripeLimit: z
      .number({ error: 'Enter a limit in dollars' })
      .finite()
      .min(0, 'The limit cannot be negative')
      .max(1_000_000, 'At most $1,000,000')
      .refine(hasAtMostTwoDecimals, 'Use at most two decimals'),
    message: staffMessageSchema,
    referralRates: referralRatesSchema.partial(),
    /** The same rates under the spec's names (§3 Account), for clients written from the spec. */
    ...specReferralRatesShape,
    /** Kept with the audit row; required when a role, a payment method or the card limit changes. */
    reason: staffReasonSchema,
  })
  .partial();
export type EditAccountBody = z.input<typeof editAccountBodySchema>;

export const adminEditAccount = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/accounts/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary:
    'Edit username, email, role, payment methods, card limit, the customer notice and referral rates; duplicate email or username is a 400 on the field; audited',
  message: 'Updated Successfully',
  params: userIdParams,
  body: editAccountBodySchema,
  payload: adminAccountSchema,
});

export const createAccountBodySchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  role: z.enum(ROLES, { error: 'Unknown role' }).default('User'),
  message: staffMessageSchema.optional(),
});

export const adminCreateAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/accounts',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary:
    'Create a verified account of any role (Managers: customers only); the person chooses a password through an emailed link; audited',
  message: 'Account created',
  body: createAccountBodySchema,
  payload: adminAccountSchema,
  rateLimit: { perMinute: 30 },
});

const reasonBody = z.object({ reason: staffReasonSchema });

export const adminDisableAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/accounts/{userId}/disable',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Stop sign-in and proxy access: sessions end at once, proxies within seconds; audited with a reason',
  message: 'Account disabled',
  params: userIdParams,
  body: reasonBody,
  payload: adminAccountSchema,
});

export const adminEnableAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/accounts/{userId}/enable',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Allow sign-in and proxy access again; audited with a reason',
  message: 'Account enabled',
  params: userIdParams,
  body: reasonBody,
  payload: adminAccountSchema,
});

/** Spec §7 paths, typos included: verifyy marks verified, reverify re-sends the verification mail. */
export const adminVerifyAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/accounts/verifyy/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Mark the email verified without a mail; audited',
  message: 'Account verified',
  params: userIdParams,
  payload: adminAccountSchema,
});
export const supportVerifyAccount = defineEndpoint({
  ...adminVerifyAccount,
  path: '/api/v1/support/accounts/verifyy/{userId}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Mark a customer’s email verified without a mail; audited',
  payload: supportAccountSchema,
});

export const adminReverifyAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/accounts/reverify/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Mark the email unverified and send a fresh verification mail; audited',
  message: 'Verification email sent',
  params: userIdParams,
  payload: adminAccountSchema,
});
export const supportReverifyAccount = defineEndpoint({
  ...adminReverifyAccount,
  path: '/api/v1/support/accounts/reverify/{userId}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Mark a customer’s email unverified and send a fresh verification mail; audited',
  payload: supportAccountSchema,
});

export const adminRemoveGoogle = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/accounts/delgoogle/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Unlink the Google sign-in; refused while it is the only way in (no password); audited',
  message: 'Google sign-in removed',
  params: userIdParams,
  payload: adminAccountSchema,
});
export const supportRemoveGoogle = defineEndpoint({
  ...adminRemoveGoogle,
  path: '/api/v1/support/accounts/delgoogle/{userId}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Unlink a customer’s Google sign-in; refused while it is the only way in; audited',
  payload: supportAccountSchema,
});

export const adminDisableTwoFactor = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/accounts/{userId}/disable-2fa',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Turn two-factor sign-in off (secret and backup codes removed, sessions kept); audited',
  message: 'Two-factor authentication disabled',
  params: userIdParams,
  payload: adminAccountSchema,
});
export const supportDisableTwoFactor = defineEndpoint({
  ...adminDisableTwoFactor,
  path: '/api/v1/support/accounts/{userId}/disable-2fa',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Turn a customer’s two-factor sign-in off; audited',
  payload: supportAccountSchema,
});

export const adminSendPasswordLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/send/forgot-passwordlink/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Email the account a password-reset link (staff never see or set the password); audited',
  message: 'Password reset link sent',
  params: userIdParams,
  payload: z.null(),
  rateLimit: { perMinute: 10 },
});
export const supportSendPasswordLink = defineEndpoint({
  ...adminSendPasswordLink,
  path: '/api/v1/support/send/forgot-passwordlink/{id}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Email a customer a password-reset link; audited',
  params: z.object({ id: z.uuid('Unknown account') }),
});

export const adminUpdateAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/updatemyavatar/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Replace an account’s avatar (PNG, JPEG, WebP or GIF, at most 2 MB) as multipart field "file"; audited',
  message: 'Avatar updated',
  params: userIdParams,
  multipart: { field: 'file', maxBytes: AVATAR_MAX_BYTES, types: AVATAR_TYPES },
  payload: z.object({ avatarUrl: z.string() }),
  rateLimit: { perMinute: 30 },
});

export const adminDeleteAvatar = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/deletemyavatar/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'Remove an account’s avatar (for example an offensive picture); audited',
  message: 'Avatar deleted',
  params: userIdParams,
  payload: z.null(),
});
