import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { AppError } from '../http/errors';

export const BREACHED_PASSWORD =
  'This password appears in lists of leaked passwords that attackers try first. Choose a different one.';
export const WEAK_PASSWORD = 'This password is too easy to guess.';

/**
 * zxcvbn's score 3 means at least 10^8 guesses: safe against online guessing with any throttle and
 * slow enough offline against a memory-hard hash. Below it, "aaaaaaaa" or "Password1!" pass length
 * rules but fall to the first minutes of a dictionary attack.
 */
export const MIN_PASSWORD_SCORE = 3;

// zxcvbn's common-password list (about 49,000 entries from real breaches), offline; kept lower-cased
// because attackers try case variants of each entry as well. Loaded once, on the first check.
let breached: Set<string> | undefined;
let estimator: ZxcvbnFactory | undefined;

export function isBreachedPassword(password: string): boolean {
  breached ??= new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return breached.has(password.toLowerCase());
}

/** Why a password is refused, or undefined when it is strong enough; `userInputs` are the owner's own words. */
export function passwordWeakness(password: string, userInputs: string[] = []): string | undefined {
  if (isBreachedPassword(password)) return BREACHED_PASSWORD;
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    // zxcvbn's time grows fast with length and l33t substitutions (a 16-character mix of digits and
    // symbols took 465 ms at its defaults). The first 64 characters decide (more can only add
    // strength) and 4 substitutions still see P@ssw0rd: at most about 200 ms, behind the sign-up limit.
    maxLength: 64,
    l33tMaxSubstitutions: 4,
  });
  const { score, feedback } = estimator.check(password, userInputs.filter(Boolean));
  if (score >= MIN_PASSWORD_SCORE) return undefined;
  return [WEAK_PASSWORD, feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
}

/** Sign-up, staff-made accounts, password change and reset refuse a weak password with a 400 that says why. */
export function assertStrongPassword(password: string, userInputs: string[] = []): void {
  const weakness = passwordWeakness(password, userInputs);
  if (weakness) throw new AppError(400, weakness);
}
