import type { RegisterBody } from '@tollgate/contract/auth/registration';
import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { assertStrongPassword } from '#platform/auth/password-strength.ts';
import { hashPassword } from '#platform/auth/password.ts';
import { sessionStore } from '#platform/auth/session-store.ts';
import { AppError } from '#platform/http/errors.ts';
import { legalTexts } from '#platform/legal/legal-texts.ts';
import { recordSecurityEvent } from '#platform/logs/security-events.ts';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import { RESEND_COOLDOWN_SECONDS, sendPasswordResetMail, sendVerificationMail } from '#platform/auth/mail-links.ts';
import type { AuthDeps, ClientMeta } from './auth.deps';
import { accountsService } from './accounts.service';
import { loginThrottleRepository } from './login-throttle.repository';
import type { DeviceCookies } from './device-cookie';

const EMAIL_TAKEN = new Set(['Email is already registered', 'Email or username is already taken']);
export const INVALID_LINK = 'This link is invalid or has expired. Request a new one.';

/**
 * Who brought a new account (referral code, partner): recorded after it exists. A failure here is
 * logged and never costs the customer their sign-up.
 */
export async function signedUp(
  deps: Pick<AuthDeps, 'onSignUp' | 'log'> & { devices: DeviceCookies },
  account: Pick<AccountRow, 'id' | 'email'>,
  meta: ClientMeta,
  codes: { referralCode?: string | null | undefined; partnerCode?: string | null | undefined },
) {
  if (!deps.onSignUp) return;
  try {
    await deps.onSignUp({
      accountId: account.id,
      email: account.email,
      referralCode: codes.referralCode,
      partnerCode: codes.partnerCode,
      visitorKey: meta.visitorKey,
      ip: meta.ip,
      deviceAccounts: deps.devices.accountsOn(meta.cookieHeader ?? undefined),
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'Recording where a sign-up came from failed');
  }
}

export function createRegistrationService(deps: AuthDeps & { devices: DeviceCookies }) {
  const sendVerification = (account: AccountRow, origin: string, next?: string) =>
    sendVerificationMail(deps, account, origin, next);

  return {
    /**
     * An address that already has an account gets the very answer a new one gets, and its owner a
     * mail instead, so sign-up does not tell who is registered (issue 21). The hash is computed
     * either way so the time taken does not tell either.
     */
    async register(body: RegisterBody, meta: ClientMeta) {
      let account: AccountRow;
      try {
        account = await accountsService.create(deps.db, {
          role: 'User',
          email: body.email,
          username: body.username,
          password: body.password,
          referralCodeUsed: body.referralCode || null,
          // The contract refuses a sign-up that did not accept; this records which texts it accepted.
          termsVersion: await legalTexts.version(deps.db),
        });
      } catch (error) {
        // Only a taken address (found first, or by the unique index in a race) takes this path.
        const taken = error instanceof AppError && EMAIL_TAKEN.has(error.message);
        const owner = taken ? await accountsRepository.findByEmail(deps.db, body.email) : null;
        if (!owner) throw error;
        await hashPassword(body.password);
        const urls = { login: `${meta.origin}/login`, reset: `${meta.origin}/forgot-password` };
        await deps.mailer.send(deps.mail.signUpWithYourAddress(owner.email, urls));
        return { email: owner.email };
      }
      await signedUp(deps, account, meta, body);
      await accountsRepository.claimVerificationSend(deps.db, account.id, 0);
      await sendVerification(account, meta.origin, body.next);
      return { email: account.email };
    },

    async verify(token: string) {
      const used = await oneTimeTokenStore.consume(deps.db, 'verify_email', token);
      if (!used) throw new AppError(400, INVALID_LINK);
      const account = await accountsRepository.findById(deps.db, used.accountId);
      if (!account) throw new AppError(400, INVALID_LINK);
      if (!account.emailVerifiedAt)
        await accountsRepository.update(deps.db, account.id, { emailVerifiedAt: new Date() });
      return null;
    },

    /** The same answer for every address; at most one mail per cooldown for one that needs it. */
    async resend(email: string, meta: ClientMeta, answered: Promise<void>) {
      deps.afterAnswer.run(
        'verification-mail',
        async () => {
          const account = await accountsRepository.findByEmail(deps.db, email);
          if (
            account &&
            (await accountsRepository.claimVerificationSend(deps.db, account.id, RESEND_COOLDOWN_SECONDS))
          ) {
            await sendVerification(account, meta.origin);
          }
        },
        answered,
      );
      return { retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
    },

    /** Answers at once for every address; the lookup, the link and the mail follow the answer. */
    async forgotPassword(email: string, meta: ClientMeta, answered: Promise<void>) {
      deps.afterAnswer.run(
        'password-reset-mail',
        async () => {
          const account = await accountsRepository.findByEmail(deps.db, email);
          if (!account || account.disabledAt) return;
          await sendPasswordResetMail(deps, account, meta.origin);
          // Asked for by whoever typed the address: nobody signed in, so no actor.
          await recordSecurityEvent(deps.db, {
            accountId: account.id,
            kind: 'password.reset_requested',
            actorId: null,
          });
        },
        answered,
      );
      return null;
    },

    /**
     * Sets the new password and ends every session. It signs nobody in, so an account with
     * two-factor still needs its code at the next sign-in.
     */
    async resetPassword(token: string, password: string) {
      // Checked before the link is spent, so the owner can try another password with the same link.
      assertStrongPassword(password);
      const used = await oneTimeTokenStore.consume(deps.db, 'reset_password', token);
      if (!used) throw new AppError(400, INVALID_LINK);
      const before = await accountsRepository.findById(deps.db, used.accountId);
      const account = await accountsRepository.update(deps.db, used.accountId, {
        passwordHash: await hashPassword(password),
      });
      if (!account) throw new AppError(400, INVALID_LINK);
      const ended = await sessionStore.revokeAll(deps.db, account.id);
      await recordSecurityEvent(deps.db, {
        accountId: account.id,
        kind: 'password.reset_completed',
        detail: { firstPassword: !before?.passwordHash, sessionsEnded: ended },
      });
      await loginThrottleRepository.clearAccount(deps.db, account.id);
      await oneTimeTokenStore.revokeAll(deps.db, account.id, 'two_factor_login');
      // A first password (an account staff created, chosen from its welcome link) changed nothing to
      // warn the owner of; every later one is a change they should hear about.
      if (before?.passwordHash) await deps.mailer.send(deps.mail.passwordChanged(account.email));
      return null;
    },
  };
}
