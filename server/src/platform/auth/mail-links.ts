import type { AccountRow } from '#platform/accounts/accounts.repository.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTemplates } from '#platform/mail/templates.ts';
import { oneTimeTokenStore } from './one-time-tokens';

// Sign-up and the staff account page send the same two links: one way to issue and mail each.

interface MailLinkDeps {
  db: DbOrTx;
  mailer: Mailer;
  mail: MailTemplates;
}

const VERIFY_TTL_MS = 24 * 3_600_000;
const RESET_TTL_MS = 30 * 60_000;
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * A fresh verification link (older ones stop working) mailed to the account's address. `next` (a
 * same-site path the contract checked) rides on the link, so the customer lands back on it.
 */
export async function sendVerificationMail(
  deps: MailLinkDeps,
  account: Pick<AccountRow, 'id' | 'email'>,
  origin: string,
  next?: string,
) {
  await oneTimeTokenStore.revokeAll(deps.db, account.id, 'verify_email');
  const token = await oneTimeTokenStore.issue(deps.db, {
    accountId: account.id,
    purpose: 'verify_email',
    ttlMs: VERIFY_TTL_MS,
  });
  const back = next ? `?next=${encodeURIComponent(next)}` : '';
  await deps.mailer.send(deps.mail.verification(account.email, `${origin}/verify-email/process/${token}${back}`));
}

/** A fresh password-reset link (older ones stop working) mailed to the account's address. */
export async function sendPasswordResetMail(
  deps: MailLinkDeps,
  account: Pick<AccountRow, 'id' | 'email'>,
  origin: string,
) {
  await oneTimeTokenStore.revokeAll(deps.db, account.id, 'reset_password');
  const token = await oneTimeTokenStore.issue(deps.db, {
    accountId: account.id,
    purpose: 'reset_password',
    ttlMs: RESET_TTL_MS,
  });
  await deps.mailer.send(deps.mail.passwordReset(account.email, `${origin}/change-password/${token}`));
}
