import { z } from 'zod';
import { CUSTOMERS, PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { currentUserSchema } from './session';
import { oneTimeTokenSchema, totpSchema } from './tokens';

export const mfaStatusSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(true), backupCodesRemaining: z.number().int() }),
  z.object({
    enabled: z.literal(false),
    /** Base32 secret to type in by hand, and the same as an otpauth:// URL and a QR code image. */
    secret: z.string(),
    otpauthUrl: z.string(),
    qrCodeDataUrl: z.string(),
  }),
]);
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/auth/mfa',
  roles: CUSTOMERS,
  tag: 'Two-factor',
  summary: 'Two-factor state; when off, a fresh secret with its QR code to set it up',
  message: 'Two-factor status',
  payload: mfaStatusSchema,
});

export const enableMfa = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/mfa',
  roles: CUSTOMERS,
  tag: 'Two-factor',
  summary: 'Turn two-factor on with a code from the app; answers the backup codes once; ends other sessions',
  message: 'Two-factor authentication enabled',
  body: z.object({ totp: totpSchema }),
  payload: z.object({ backupCodes: z.array(z.string()) }),
  rateLimit: { perMinute: 10 },
});

export const disableMfa = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/auth/mfa',
  roles: CUSTOMERS,
  tag: 'Two-factor',
  summary: 'Turn two-factor off with a code or a backup code; ends other sessions',
  message: 'Two-factor authentication disabled',
  body: z.object({ totp: totpSchema }),
  payload: z.null(),
  rateLimit: { perMinute: 10 },
});

export const completeTwoFactorLogin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/2fa/{twoFactorToken}',
  roles: PUBLIC,
  tag: 'Two-factor',
  summary: 'Finish a sign-in that needs a code: a code from the app or a backup code',
  message: 'Login successful',
  params: z.object({ twoFactorToken: oneTimeTokenSchema }),
  body: z.object({ totp: totpSchema }),
  payload: z.object({ accessToken: z.string(), user: currentUserSchema }),
  rateLimit: { perMinute: 10 },
});
