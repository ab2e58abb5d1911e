import { z } from 'zod';

/** Shared by sign-up, staff account creation and the CLI, so every path accepts the same values. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email('Enter a valid email address')
      .max(254)
      // .invalid never receives mail (RFC 2606), and deleted accounts' freed addresses live there.
      .refine((v) => !v.endsWith('.invalid'), 'Enter a valid email address'),
  );
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(
    /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/,
    'Use letters, digits, dot, dash and underscore, starting with a letter or digit',
  );
export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
