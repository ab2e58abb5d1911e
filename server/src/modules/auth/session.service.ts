import { createHash } from 'node:crypto';
import type { CurrentUser, LoginBody } from '@tollgate/contract/auth/session';
import { burnPasswordCheck, verifyPassword } from '#platform/auth/password.ts';
import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { sessionStore } from '#platform/auth/session-store.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { AppError } from '#platform/http/errors.ts';
import type { AuthDeps, ClientMeta } from './auth.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import { toCurrentUser } from './account-view';
import type { DeviceCookies } from './device-cookie';
import { loginThrottleRepository, type Bucket, type ThrottlePolicy } from './login-throttle.repository';
import { recordSignIn, type SignInMethod } from './sign-in-events.repository';

export const INVALID_CREDENTIALS = 'Invalid email/username or password';
export const ACCOUNT_DISABLED = 'This account is disabled. Contact support.';
const TWO_FACTOR_STEP_MS = 5 * 60_000;

/**
 * Per back-off bucket (ADR 047): five attempts free, then 2, 4, 8 ... s between attempts, never more
 * than 15 minutes; an hour without attempts forgets them. Guessing slows to about four tries an hour
 * once the cap is reached. A device the owner signed in from has a bucket of its own, so strangers
 * filling the account's shared bucket never lock the owner out.
 */
export const LOGIN_THROTTLE: ThrottlePolicy = { freeAttempts: 5, maxDelaySeconds: 15 * 60, windowSeconds: 3_600 };
export const tooManySignIns = (seconds: number) =>
  `Too many failed sign-ins to this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export type SignInResult = { accessToken: string; user: CurrentUser } | { twoFactorToken: string };

export const forgetQuietSignInBackoffs = (db: DbOrTx) => loginThrottleRepository.forgetQuiet(db, LOGIN_THROTTLE);

/** A login that names no account backs off in a bucket of its own, so it answers as an account would. */
const loginBucket = (login: string): Bucket => ({
  kind: 'login',
  loginHash: createHash('sha256').update(login.trim().toLowerCase()).digest('base64url'),
});

export interface LoginOutcome {
  result: SignInResult;
  /** Set-Cookie value naming this device for the account, after a right password. */
  deviceCookie: string | null;
}

export function createSessionService(deps: AuthDeps & { devices: DeviceCookies }) {
  /**
   * Creates the session and its token; mails the owner when the address is new for the account.
   * `method` is what proved the person last (password, Google, or the two-factor step).
   */
  async function startSession(account: AccountRow, meta: ClientMeta, method: SignInMethod) {
    // The first sign-in ever is expected; a later one from a new address is worth a mail.
    const seen = meta.ip ? await sessionStore.history(deps.db, account.id, meta.ip) : null;
    const isNewPlace = seen !== null && seen.any && !seen.fromIp;
    const expiresAt = new Date(Date.now() + deps.config.ACCESS_TOKEN_TTL_HOURS * 3_600_000);
    const sessionId = await sessionStore.create(deps.db, {
      accountId: account.id,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    });
    await recordSignIn(deps.db, account.id, method, 'success', meta);
    const accessToken = await deps.tokens.sign({ sessionId, accountId: account.id }, expiresAt);
    if (isNewPlace) {
      const message = deps.mail.newSignIn(account.email, { ip: meta.ip, device: meta.userAgent, at: new Date() });
      void deps.mailer.send(message).catch((err) => deps.log.warn({ err }, 'new sign-in mail failed'));
    }
    return { accessToken, user: toCurrentUser(account) };
  }

  /** Password or Google proved who it is; two-factor accounts still owe a code (never bypassed). */
  async function signIn(account: AccountRow, meta: ClientMeta, method: SignInMethod): Promise<SignInResult> {
    if (account.disabledAt) {
      await recordSignIn(deps.db, account.id, method, 'disabled', meta);
      throw new AppError(400, ACCOUNT_DISABLED);
    }
    if (account.twoFactorEnabled) {
      await recordSignIn(deps.db, account.id, method, 'two_factor_required', meta);
      const twoFactorToken = await oneTimeTokenStore.issue(deps.db, {
        accountId: account.id,
        purpose: 'two_factor_login',
        ttlMs: TWO_FACTOR_STEP_MS,
      });
      return { twoFactorToken };
    }
    return startSession(account, meta, method);
  }

  function warnOwner(account: AccountRow, meta: ClientMeta, attempts: number) {
    const message = deps.mail.failedSignIns(account.email, attempts, `${meta.origin}/forgot-password`);
    void deps.mailer.send(message).catch((err) => deps.log.warn({ err }, 'failed sign-ins mail failed'));
  }

  return {
    startSession,
    signIn,

    async login(input: LoginBody, meta: ClientMeta): Promise<LoginOutcome> {
      const account = await accountsRepository.findByLogin(deps.db, input.login);
      const nonce = account ? deps.devices.deviceFor(meta.cookieHeader ?? undefined, account.id) : null;
      const bucket: Bucket = !account
        ? loginBucket(input.login)
        : nonce
          ? { kind: 'device', accountId: account.id, nonce }
          : { kind: 'account', accountId: account.id };
      // Checked and counted before the password, so a right password during the wait is refused too.
      const claim = await loginThrottleRepository.claimAttempt(deps.db, bucket, LOGIN_THROTTLE, meta);
      if (!claim.allowed) {
        deps.signInRefused?.('throttled');
        const message = tooManySignIns(claim.retryAfterSeconds);
        throw new AppError(429, message, { error: message, retryAfterSeconds: claim.retryAfterSeconds });
      }
      if (!account) {
        await burnPasswordCheck(input.password);
        deps.signInRefused?.('credentials');
        throw new AppError(400, INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(account.passwordHash, input.password))) {
        await recordSignIn(deps.db, account.id, 'password', 'wrong_password', meta);
        // Exactly one attempt has this number in an episode, so the owner gets one mail, not one per
        // try; a known device's own typos are its owner's and mail no one.
        if (claim.attempt === LOGIN_THROTTLE.freeAttempts && bucket.kind === 'account')
          warnOwner(account, meta, claim.attempt);
        deps.signInRefused?.('credentials');
        throw new AppError(400, INVALID_CREDENTIALS);
      }
      // Strangers' failures stay counted on the account's shared bucket; only this device's clears.
      await loginThrottleRepository.clear(deps.db, bucket);
      const deviceCookie = deps.devices.issue(meta.cookieHeader ?? undefined, account.id);
      return { result: await signIn(account, meta, 'password'), deviceCookie };
    },

    /** The account a login spelling names, for the per-IP sign-in limit; null for none. */
    async rateLimitKey(login: string): Promise<string | null> {
      const account = await accountsRepository.findByLogin(deps.db, login);
      return account ? `account:${account.id}` : null;
    },

    /** The access check already read the account for this request. */
    me(account: AccountRow): CurrentUser {
      return toCurrentUser(account);
    },

    async logout(sessionId: string): Promise<null> {
      await sessionStore.revoke(deps.db, sessionId);
      return null;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
