import { z } from 'zod';
import { PUBLIC, ROLES, SIGNED_IN } from '../access/roles';
import { defineEndpoint } from '../endpoint';

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Dollars, as the top bar shows it (spec §3); stored as integer cents. */
  balance: z.number(),
  reseller: z.union([z.literal(0), z.literal(1)]),
  manager: z.boolean(),
  support: z.boolean(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  avatarUrl: z.string().nullable(),
  balancePaymentProcessorEnabled: z.boolean(),
  stripePaymentProcessorEnabled: z.boolean(),
  cryptoPaymentProcessorEnabled: z.boolean(),
  /** Dollars the account may pay by card per 24 hours (spec §9). */
  stripeLimit: z.number(),
  /** False for accounts created through Google sign-in that never chose a password. */
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  /** Product news and offers: false until the customer opts in. */
  emailSubscribed: z.boolean(),
  /** Optional plan reminders (ends soon, GB running low); receipts and security mail always go. */
  emailReminders: z.boolean(),
  /** A notice staff left for this customer (spec §3 Account message); null for none. */
  staffMessage: z.string().nullable(),
  /**
   * The same notice under the spec's name (§3 Account `message`); null for none. Always sent; optional
   * in the type because the web app reads `staffMessage`.
   */
  message: z.string().nullable().optional(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginBodySchema = z.object({
  /** Email or username. */
  login: z.string({ error: 'Enter your email or username' }).trim().min(1, 'Enter your email or username').max(254),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/login',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Sign in with email or username and password',
  message: 'Login successful',
  messages: { twoFactorRequired: 'Two-factor code required' },
  body: loginBodySchema,
  /** With two-factor on, a short-lived twoFactorToken for /auth/2fa/{twoFactorToken} instead. */
  payload: z.union([
    z.object({ accessToken: z.string(), user: currentUserSchema }),
    z.object({ twoFactorToken: z.string() }),
  ]),
  rateLimit: { perMinute: 10, perBodyField: 'login' },
});

export const me = defineEndpoint({
  method: 'GET',
  path: '/api/v1/auth/me',
  roles: SIGNED_IN,
  tag: 'Auth',
  summary: 'The signed-in account: role, username, balance and flags',
  message: 'User details',
  payload: currentUserSchema,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/logout',
  roles: SIGNED_IN,
  tag: 'Auth',
  summary: 'Revoke the current session; its token stops working at once',
  message: 'Logged out',
  payload: z.null(),
});
