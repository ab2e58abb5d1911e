import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { randomSuffix } from '#platform/random.ts';
import { ACCEPT_TERMS } from '@tollgate/contract/auth/registration';
import { AppError, validationError } from '#platform/http/errors.ts';
import { legalTexts } from '#platform/legal/legal-texts.ts';
import type { AuthDeps, ClientMeta } from './auth.deps';
import { accountsRepository } from '#platform/accounts/accounts.repository.ts';
import { signedUp } from './registration.service';
import type { SessionService } from './session.service';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '#platform/db/errors.ts';
import type { DeviceCookies } from './device-cookie';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const CONVERSION_TTL_MS = 3_600_000;
export const GOOGLE_FAILED = 'Google sign-in failed. Try again.';

export function createGoogleService(deps: AuthDeps & { sessions: SessionService; devices: DeviceCookies }) {
  const clientId = deps.config.GOOGLE_CLIENT_ID ?? null;
  let jwks: JWTVerifyGetKey | null = null;

  /** Signature, audience, issuer and expiry checked against Google's published keys. */
  async function verifyIdToken(credential: string) {
    if (!clientId) throw new AppError(400, 'Google sign-in is not configured');
    jwks ??= createRemoteJWKSet(new URL(deps.config.GOOGLE_JWKS_URL));
    try {
      const { payload } = await jwtVerify(credential, jwks, { audience: clientId, issuer: GOOGLE_ISSUERS });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('missing claims');
      if (payload.email_verified !== true) throw new AppError(400, 'Your Google account email is not verified');
      return { subject: payload.sub, email: payload.email.toLowerCase() };
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.log.info({ err: error }, 'Google ID token refused');
      throw new AppError(400, GOOGLE_FAILED);
    }
  }

  /** Usernames for Google sign-ups: the mailbox name, made valid, plus a random suffix. */
  function usernameFrom(email: string) {
    const base =
      email
        .split('@')[0]!
        .replace(/[^a-zA-Z0-9_.-]/g, '')
        .replace(/^[^a-zA-Z0-9]+/, '')
        .slice(0, 24) || 'user';
    return `${base}-${randomSuffix()}`;
  }

  return {
    providers: () => ({ googleClientId: clientId }),

    /** Matches on Google's subject only. An email match is linked only after its owner confirms by mail. */
    async signIn(
      credential: string,
      meta: ClientMeta,
      acceptTerms = false,
      codes: { referralCode?: string | undefined; partnerCode?: string | undefined } = {},
    ) {
      const identity = await verifyIdToken(credential);
      const linked = await accountsRepository.findByGoogleSubject(deps.db, identity.subject);
      if (linked) return deps.sessions.signIn(linked, meta, 'google');

      const existing = await accountsRepository.findByEmail(deps.db, identity.email);
      if (existing) {
        const token = await oneTimeTokenStore.issue(deps.db, {
          accountId: existing.id,
          purpose: 'account_conversion',
          ttlMs: CONVERSION_TTL_MS,
          data: { subject: identity.subject },
        });
        await deps.mailer.send(
          deps.mail.accountConversion(existing.email, `${meta.origin}/verify-account-conversion/${token}`),
        );
        return { conversionRequired: true as const, email: existing.email };
      }

      // A new account is a sign-up: like the form, it needs the legal texts accepted and records which.
      if (!acceptTerms) throw validationError([{ path: 'body.acceptTerms', message: ACCEPT_TERMS }]);
      const account = await accountsRepository.insert(deps.db, {
        termsVersion: await legalTexts.version(deps.db),
        username: usernameFrom(identity.email),
        email: identity.email,
        passwordHash: null,
        role: 'User',
        reseller: false,
        emailVerified: true,
        googleSubject: identity.subject,
        referralCodeUsed: codes.referralCode || null,
      });
      await signedUp(deps, account, meta, codes);
      return deps.sessions.signIn(account, meta, 'google');
    },

    async confirmConversion(token: string) {
      const used = await oneTimeTokenStore.consume(deps.db, 'account_conversion', token);
      const subject = (used?.data as { subject?: string } | null)?.subject;
      if (!used || !subject) throw new AppError(400, 'This link is invalid or has expired. Sign in with Google again.');
      try {
        const account = await accountsRepository.update(deps.db, used.accountId, {
          googleSubject: subject,
          emailVerifiedAt: new Date(),
        });
        if (!account) throw new AppError(400, 'This account no longer exists');
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
          throw new AppError(400, 'That Google account is already linked to another account');
        throw error;
      }
      return null;
    },
  };
}
