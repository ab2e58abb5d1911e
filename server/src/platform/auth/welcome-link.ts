import type { DbOrTx } from '../db/client';
import { oneTimeTokenStore } from './one-time-tokens';

/**
 * Accounts staff create (customers, staff, resellers) start without a password: staff never type one
 * for someone else. The owner chooses it through a password-reset token that lives longer than a
 * reset link, since the person may not be expecting the mail.
 */
export const WELCOME_LINK_HOURS = 72;

export function issueWelcomeToken(tx: DbOrTx, accountId: string): Promise<string> {
  return oneTimeTokenStore.issue(tx, { accountId, purpose: 'reset_password', ttlMs: WELCOME_LINK_HOURS * 3_600_000 });
}

/** `welcome=1` lets the change-password page speak of a first password rather than a reset. */
export const welcomeUrl = (origin: string, token: string) => `${origin}/change-password/${token}?welcome=1`;
