import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../http/errors';

export const BREACHED_PASSWORD =
  'This password appears in lists of leaked passwords that attackers try first. Choose a different one.';

// zxcvbn's common-password list (about 49,000 entries from real breaches), offline; kept lower-cased
// because attackers try case variants of each entry as well. Loaded once, on the first check.
let breached: Set<string> | undefined;

export function isBreachedPassword(password: string): boolean {
  breached ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return breached.has(password.toLowerCase());
}

/** Sign-up, password change and reset refuse a listed password with a 400 that says why. */
export function assertNotBreached(password: string): void {
  if (isBreachedPassword(password)) throw new AppError(400, BREACHED_PASSWORD);
}
