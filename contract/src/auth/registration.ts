import { z } from 'zod';
import { PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { emailSchema, passwordSchema, usernameSchema } from './credentials';
import { oneTimeTokenSchema } from './tokens';

export const ACCEPT_TERMS = 'Accept the Terms of Service and Acceptable Use Policy to create an account';

/** A same-site path (`/x...`), not `//host` or `/\\host`, which browsers read as another origin. */
export const safePathSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/, 'Use a path on this site');

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Kept on the account for the referral programme. */
  referralCode: z.string().trim().max(64).optional(),
  partnerCode: z.string().trim().max(128).optional(),
  /** The Terms of Service and Acceptable Use Policy, as they read now; the version is recorded. */
  acceptTerms: z.literal(true, { error: ACCEPT_TERMS }),
  /** Where the verification link leads after sign-in: a path on this site, never another origin. */
  next: safePathSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/register',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Create a customer account and send the verification mail',
  message: 'Account created. Check your email to verify it.',
  body: registerBodySchema,
  payload: z.object({ email: z.string() }),
  rateLimit: { perMinute: 5 },
});

const tokenParams = z.object({ token: oneTimeTokenSchema });

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/verify-email/{token}',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Confirm an email address with the link from the verification mail',
  message: 'Email verified',
  params: tokenParams,
  payload: z.null(),
  rateLimit: { perMinute: 20 },
});

export const resendVerification = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/verify-email/resend',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Send a new verification link; the same answer whether or not the address is registered',
  message: 'If that address needs verifying, a new link is on its way.',
  body: z.object({ email: emailSchema }),
  payload: z.object({ retryAfterSeconds: z.number().int() }),
  rateLimit: { perMinute: 3, perBodyField: 'email' },
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/forgot-password',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Send a password reset link; the same answer whether or not the address is registered',
  message: 'If an account exists for that email, a reset link has been sent.',
  body: z.object({ email: emailSchema }),
  payload: z.null(),
  rateLimit: { perMinute: 5, perBodyField: 'email' },
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/reset-password/{token}',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Choose a new password with the link from the reset mail; ends every session of the account',
  message: 'Password changed',
  params: tokenParams,
  body: z.object({ password: passwordSchema }),
  payload: z.null(),
  rateLimit: { perMinute: 10 },
});
