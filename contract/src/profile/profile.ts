import { z } from 'zod';
import { CUSTOMERS, SIGNED_IN } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { emailSchema, passwordSchema } from '../auth/credentials';

const text = (max: number) => z.string().trim().max(max);

/** Spec §3 Basic profile, with its wire names. */
export const basicProfileSchema = z.object({
  email: z.string(),
  username: z.string(),
  legalname: z.string(),
  legalusername: z.string(),
  bilingemail: z.string(),
  country: z.string(),
  companyname: z.string(),
  vatid: z.string(),
  phonenumber: z.string(),
  billingaddress: z.string(),
  city: z.string(),
  zipcode: z.string(),
});
export type BasicProfile = z.infer<typeof basicProfileSchema>;

export const countries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/auth/country/profile',
  // Resellers too: the reseller panel's sale of a plan that names no countries offers them all (ADR 044).
  roles: SIGNED_IN,
  tag: 'Profile',
  summary: 'Countries for the billing profile: ISO 3166-1 alpha-2 code and English name, by name',
  message: 'Countries list',
  payload: z.object({ countries: z.array(z.object({ code: z.string(), name: z.string() })) }),
});

export const profileEditToken = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/profile/edit-token',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'The basic profile of the signed-in account (named by its email) with a token to edit it',
  message: 'Profile',
  body: z.object({ email: emailSchema }),
  payload: z.object({ editToken: z.string(), profile: basicProfileSchema }),
});

export const basicInfoBodySchema = z.object({
  editToken: z.string().min(1, 'Reload the page and try again'),
  legalname: text(100),
  legalusername: text(100),
  bilingemail: z.union([z.literal(''), emailSchema]),
  country: z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, 'Choose a country from the list')]),
  companyname: text(200),
  vatid: text(32).regex(/^[A-Za-z0-9 .-]*$/, 'Use letters, digits, spaces, dots and dashes'),
  phonenumber: text(32).regex(/^[0-9+()\s.-]*$/, 'Use digits, spaces and + ( ) . -'),
  billingaddress: text(300),
  city: text(100),
  zipcode: text(20),
});
export type BasicInfoBody = z.infer<typeof basicInfoBodySchema>;

export const updateBasicInfo = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/profile/basic-info',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Save the billing profile; only these fields can change here',
  message: 'Updated Successfully',
  body: basicInfoBodySchema,
  payload: basicProfileSchema,
});

export const changePassword = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/profile/password',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Change the password with the current one; ends every other session',
  message: 'Password changed',
  body: z.object({
    currentPassword: z.string().max(128),
    newPassword: passwordSchema,
  }),
  payload: z.null(),
  rateLimit: { perMinute: 10 },
});

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const updateAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/updatemyavatar',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Upload an avatar (PNG, JPEG, WebP or GIF, at most 2 MB) as multipart field "file"',
  message: 'Avatar updated',
  multipart: { field: 'file', maxBytes: AVATAR_MAX_BYTES, types: AVATAR_TYPES },
  payload: z.object({ avatarUrl: z.string() }),
  rateLimit: { perMinute: 20 },
});

export const deleteAvatar = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/deletemyavatar',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Remove the avatar',
  message: 'Avatar deleted',
  payload: z.null(),
});

export const discordLinkSchema = z.object({
  configured: z.boolean(),
  linked: z.boolean(),
  username: z.string().nullable(),
  /** Where the browser goes to approve the link; null when not configured. */
  authorizeUrl: z.string().nullable(),
});

export const discordStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/discord',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'The linked chat-community (Discord) account, and where to link one',
  message: 'Discord link',
  payload: discordLinkSchema,
});

export const linkDiscord = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/discord/code',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Finish linking with the OAuth code Discord returned to /my-profile',
  message: 'Discord account linked',
  body: z.object({ code: z.string().trim().min(1).max(512), state: z.string().min(1).max(512) }),
  payload: discordLinkSchema,
  rateLimit: { perMinute: 10 },
});

export const unlinkDiscord = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/discord',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Unlink the Discord account',
  message: 'Discord account unlinked',
  payload: discordLinkSchema,
});

export const sessionItemSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
});

export const mySessions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/sessions',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Active sign-ins of this account, the current one first',
  message: 'Sessions list',
  payload: z.object({ sessions: z.array(sessionItemSchema) }),
});

export const revokeSession = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/sessions/{sessionId}',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Sign out one session of this account',
  message: 'Session signed out',
  params: z.object({ sessionId: z.uuid('Unknown session') }),
  payload: z.null(),
});

export const setEmailSubscription = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/email-subscription',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary:
    'Choose the optional mail: product news and offers (`subscribed`, off until opted in) and plan reminders (`reminders`). Receipts and security mail are always sent',
  message: 'Updated Successfully',
  body: z
    .object({ subscribed: z.boolean().optional(), reminders: z.boolean().optional() })
    .refine((b) => b.subscribed !== undefined || b.reminders !== undefined, 'Choose a preference to change'),
  payload: z.object({ subscribed: z.boolean(), reminders: z.boolean() }),
});

export const deleteMyAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/accounts/{userId}',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary:
    'Delete your own account, confirmed with your password (or your username when you have none) and, with two-factor on, a current code or a backup code',
  message: 'Account deleted',
  params: z.object({ userId: z.uuid() }),
  body: z.object({
    password: z.string().max(128).optional(),
    confirmUsername: z.string().max(64).optional(),
    /** A current authenticator code or an unused backup code; required while two-factor is on. */
    code: z.string().trim().max(32).optional(),
  }),
  payload: z.null(),
  rateLimit: { perMinute: 5 },
});
