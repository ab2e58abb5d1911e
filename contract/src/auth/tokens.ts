import { z } from 'zod';

/** Links in mails carry 128-bit random tokens, base64url: 22 characters. */
export const oneTimeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'This link is invalid');
export const totpSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, 'Enter the 6-digit code from your authenticator app or a backup code');
