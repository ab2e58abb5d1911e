import type { MultipartFile } from '@fastify/multipart';
import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { sessionStore } from '#platform/auth/session-store.ts';
import { audit } from '#platform/billing/audit-log.ts';
import type { Tx } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { recordSecurityEvent } from '#platform/logs/security-events.ts';
import { adminView, findAccountOr404, isCustomer, supportView, UNKNOWN_ACCOUNT } from './account-page.service';
import type { StaffAccountsDeps } from './staff-accounts.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import { RESEND_COOLDOWN_SECONDS, sendPasswordResetMail, sendVerificationMail } from '#platform/auth/mail-links.ts';
import {
  lockAdministratorsIfAdmin,
  refuseLastAdministrator,
  refuseManagerOnStaff,
  refuseStaff,
  type StaffActor,
} from '#platform/accounts/staff-rules.ts';
import { twoFactorRepository } from '#platform/auth/two-factor.repository.ts';

export const OWN_DISABLE = 'Staff cannot disable their own account';
export const OWN_VERIFY = 'Verify your own address with the link we mail you';
export const OWN_TWO_FACTOR = 'Turn off your own two-factor authentication in your profile, with a code';
export const NO_GOOGLE = 'No Google sign-in is linked to this account';
export const GOOGLE_ONLY_WAY_IN =
  'Google is the only way this account signs in; send a password link and let the customer set a password first';
export const TWO_FACTOR_OFF = 'Two-factor authentication is already off';
export const ACCOUNT_IS_DISABLED = 'This account is disabled; enable it first';
export const UNKNOWN_SESSION = 'Unknown session';
export const tooSoon = (seconds: number) =>
  `A verification email was sent less than a minute ago. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** The admin desk sees the whole account; the support desk only customers, and never their money. */
export type Desk = 'admin' | 'support';

interface Change {
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Staff actions on one account (spec §7). Each runs in one transaction with the account locked and
 * writes its audit row there; mail goes after the commit. Rules, in order: unknown or deleted 404
 * (support: anything but a customer 404 too), then the action's self rule, then Managers keep to
 * customers (and themselves where an action allows it).
 */
export function createAccountActionsService(deps: StaffAccountsDeps) {
  const { db } = deps;

  async function target(tx: Tx, desk: Desk, actor: StaffActor, userId: string, self: { refuse?: () => AppError }) {
    const row = desk === 'admin' ? await findAccountOr404(tx, userId, { lock: true }) : await lockCustomer(tx, userId);
    if (self.refuse && row.id === actor.accountId) throw self.refuse();
    refuseManagerOnStaff(actor, row, { selfAllowed: true });
    return row;
  }

  async function lockCustomer(tx: Tx, userId: string) {
    const row = await findAccountOr404(tx, userId, { lock: true });
    if (!isCustomer(row)) throw notFound(UNKNOWN_ACCOUNT);
    return row;
  }

  /** The desk's view of the account as it now is, read after the change committed. */
  async function viewOf<D extends Desk>(desk: D, row: AccountRow) {
    type View = D extends 'admin' ? Awaited<ReturnType<typeof adminView>> : Awaited<ReturnType<typeof supportView>>;
    return (desk === 'admin' ? adminView(db, row) : supportView(db, row)) as Promise<View>;
  }

  /** Locks, checks, applies `fn` (null = nothing to change), audits; answers the account as it now is. */
  function act(
    desk: Desk,
    actor: StaffActor,
    userId: string,
    self: { refuse?: () => AppError; mayRemoveAdministrator?: boolean },
    fn: (tx: Tx, row: AccountRow) => Promise<Change | null>,
  ): Promise<AccountRow> {
    return db.transaction(async (tx) => {
      if (self.mayRemoveAdministrator) await lockAdministratorsIfAdmin(tx, userId);
      const row = await target(tx, desk, actor, userId, self);
      const change = await fn(tx, row);
      if (!change) return row;
      await audit(tx, { actorId: actor.accountId, targetType: 'account', targetId: row.id, ...change });
      return (await accountsRepository.findById(tx, row.id))!;
    });
  }

  return {
    /** Sign-in stops and every session ends in the same transaction; the gateway follows within seconds. */
    async disable(actor: StaffActor, userId: string, reason: string) {
      const row = await act(
        'admin',
        actor,
        userId,
        { refuse: () => refuseStaff(OWN_DISABLE), mayRemoveAdministrator: true },
        async (tx, row) => {
          if (row.disabledAt) return null;
          await refuseLastAdministrator(tx, row);
          await accountsRepository.update(tx, row.id, { disabledAt: new Date() });
          const revoked = await sessionStore.revokeAll(tx, row.id);
          await oneTimeTokenStore.revokeAll(tx, row.id, 'two_factor_login');
          return {
            action: 'account.disable',
            before: { disabled: false },
            after: { disabled: true, sessionsRevoked: revoked },
            reason,
          };
        },
      );
      return viewOf('admin', row);
    },

    async enable(actor: StaffActor, userId: string, reason: string) {
      const row = await act('admin', actor, userId, {}, async (tx, row) => {
        if (!row.disabledAt) return null;
        await accountsRepository.update(tx, row.id, { disabledAt: null });
        return { action: 'account.enable', before: { disabled: true }, after: { disabled: false }, reason };
      });
      return viewOf('admin', row);
    },

    /** Marks the address verified without a mail (staff checked it another way). */
    async verify<D extends Desk>(desk: D, actor: StaffActor, userId: string) {
      const row = await act(desk, actor, userId, { refuse: () => badRequest(OWN_VERIFY) }, async (tx, row) => {
        if (row.emailVerifiedAt) return null;
        await accountsRepository.update(tx, row.id, { emailVerifiedAt: new Date() });
        return { action: 'account.verify', before: { emailVerified: false }, after: { emailVerified: true } };
      });
      return viewOf(desk, row);
    },

    /** Unverifies and mails a fresh link; at most one verification mail a minute, as for customers. */
    async reverify<D extends Desk>(desk: D, actor: StaffActor, userId: string) {
      const row = await act(desk, actor, userId, {}, async (tx, row) => {
        const sent = row.verificationSentAt?.getTime() ?? 0;
        const wait = Math.ceil((sent + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000);
        if (wait > 0) {
          const message = tooSoon(wait);
          throw new AppError(429, message, { error: message, retryAfterSeconds: wait });
        }
        await accountsRepository.update(tx, row.id, { emailVerifiedAt: null, verificationSentAt: new Date() });
        return {
          action: 'account.reverify',
          before: { emailVerified: row.emailVerifiedAt !== null },
          after: { emailVerified: false, verificationMailTo: row.email },
        };
      });
      await sendVerificationMail(deps, row, deps.publicUrl);
      return viewOf(desk, row);
    },

    async removeGoogle<D extends Desk>(desk: D, actor: StaffActor, userId: string) {
      const row = await act(desk, actor, userId, {}, async (tx, row) => {
        if (!row.googleSubject) throw badRequest(NO_GOOGLE);
        if (!row.passwordHash) throw badRequest(GOOGLE_ONLY_WAY_IN);
        await accountsRepository.update(tx, row.id, { googleSubject: null });
        return { action: 'account.google.unlink', before: { googleLinked: true }, after: { googleLinked: false } };
      });
      return viewOf(desk, row);
    },

    /** Secret, pending secret and backup codes go; sessions stay; the owner is told by mail. */
    async disableTwoFactor<D extends Desk>(desk: D, actor: StaffActor, userId: string) {
      const row = await act(desk, actor, userId, { refuse: () => badRequest(OWN_TWO_FACTOR) }, async (tx, row) => {
        if (!row.twoFactorEnabled && !row.totpPendingSecret) throw badRequest(TWO_FACTOR_OFF);
        await twoFactorRepository.disable(tx, row.id);
        await oneTimeTokenStore.revokeAll(tx, row.id, 'two_factor_login');
        await recordSecurityEvent(tx, { accountId: row.id, kind: 'two_factor.disabled', actorId: actor.accountId });
        return {
          action: 'account.two-factor.disable',
          before: { twoFactorEnabled: row.twoFactorEnabled },
          after: { twoFactorEnabled: false, backupCodes: 'removed' },
        };
      });
      await deps.mailer
        .send(deps.mail.twoFactorDisabled(row.email))
        .catch((err) => deps.log.warn({ err }, 'two-factor disabled mail failed'));
      return viewOf(desk, row);
    },

    /** The customer's own forgot-password link and mail; staff never see or set a password. */
    async sendPasswordLink(desk: Desk, actor: StaffActor, userId: string): Promise<null> {
      const row = await act(desk, actor, userId, {}, async (tx, row) => {
        if (row.disabledAt) throw badRequest(ACCOUNT_IS_DISABLED);
        await recordSecurityEvent(tx, {
          accountId: row.id,
          kind: 'password.reset_requested',
          actorId: actor.accountId,
          detail: { mailedTo: row.email },
        });
        return { action: 'account.password-link', after: { mailedTo: row.email } };
      });
      await sendPasswordResetMail(deps, row, deps.publicUrl);
      return null;
    },

    async revokeSession(actor: StaffActor, userId: string, sessionId: string): Promise<null> {
      await act('admin', actor, userId, {}, async (tx, row) => {
        if (!(await sessionStore.revokeOwn(tx, row.id, sessionId))) throw notFound(UNKNOWN_SESSION);
        await recordSecurityEvent(tx, {
          accountId: row.id,
          kind: 'session.revoked',
          actorId: actor.accountId,
          detail: { sessionId },
        });
        return { action: 'account.session.revoke', after: { sessionId } };
      });
      return null;
    },

    async revokeAllSessions(actor: StaffActor, userId: string) {
      let revoked = 0;
      await act('admin', actor, userId, {}, async (tx, row) => {
        revoked = await sessionStore.revokeAll(tx, row.id);
        await recordSecurityEvent(tx, {
          accountId: row.id,
          kind: 'session.revoked',
          actorId: actor.accountId,
          detail: { all: true, revoked },
        });
        return { action: 'account.session.revoke-all', after: { revoked } };
      });
      return { revoked };
    },

    /** The customer's own avatar rules (magic bytes, re-encoding, 2 MB); audited after the file is stored. */
    async updateAvatar(actor: StaffActor, userId: string, file: MultipartFile | undefined) {
      const row = await db.transaction((tx) => target(tx, 'admin', actor, userId, {}));
      const result = await deps.avatar.upload(row, file);
      await audit(db, {
        actorId: actor.accountId,
        action: 'account.avatar.update',
        targetType: 'account',
        targetId: row.id,
        before: { avatarUrl: row.avatarUrl },
        after: result,
      });
      return result;
    },

    async deleteAvatar(actor: StaffActor, userId: string): Promise<null> {
      let removed: string | null = null;
      await act('admin', actor, userId, {}, async (tx, row) => {
        if (!row.avatarUrl) return null;
        removed = row.avatarUrl;
        await accountsRepository.update(tx, row.id, { avatarUrl: null });
        return { action: 'account.avatar.delete', before: { avatarUrl: row.avatarUrl }, after: { avatarUrl: null } };
      });
      await deps.uploads.remove(removed);
      return null;
    },
  };
}
export type AccountActionsService = ReturnType<typeof createAccountActionsService>;
