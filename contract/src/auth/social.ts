import { z } from 'zod';
import { PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { ACCEPT_TERMS, registerBodySchema } from './registration';
import { currentUserSchema } from './session';
import { oneTimeTokenSchema } from './tokens';

export const authProviders = defineEndpoint({
  method: 'GET',
  path: '/api/v1/auth/providers',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Which sign-in providers are configured; the Google button shows only with a client id',
  message: 'Sign-in providers',
  payload: z.object({ googleClientId: z.string().nullable() }),
});

export const googleSignIn = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/google',
  roles: PUBLIC,
  tag: 'Auth',
  summary:
    'Sign in or sign up with a Google ID token. An existing account with that email is linked only after ' +
    'the owner follows the link mailed to it; two-factor still applies.',
  message: 'Login successful',
  messages: {
    twoFactorRequired: 'Two-factor code required',
    conversionRequired: 'Check your email to link Google sign-in to your account',
  },
  body: z.object({
    credential: z.string().min(1, 'Google did not return a credential').max(8192),
    /** Needed only when the Google account is new here: sign-up accepts the legal texts. */
    acceptTerms: z.literal(true, { error: ACCEPT_TERMS }).optional(),
    /** A new account only: the referral code and partner the sign-up page carried (ADR 032, 036). */
    referralCode: registerBodySchema.shape.referralCode,
    partnerCode: registerBodySchema.shape.partnerCode,
  }),
  payload: z.union([
    z.object({ accessToken: z.string(), user: currentUserSchema }),
    z.object({ twoFactorToken: z.string() }),
    z.object({ conversionRequired: z.literal(true), email: z.string() }),
  ]),
  rateLimit: { perMinute: 20 },
});

export const verifyAccountConversion = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/verify-account-conversion/{token}',
  roles: PUBLIC,
  tag: 'Auth',
  summary: 'Link Google sign-in to an existing account with the link mailed to its owner',
  message: 'Google sign-in linked. You can now sign in with Google.',
  params: z.object({ token: oneTimeTokenSchema }),
  payload: z.null(),
  rateLimit: { perMinute: 20 },
});
