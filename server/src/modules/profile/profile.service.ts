import type { BasicInfoBody } from '@tollgate/contract/profile/profile';
import countriesData from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { assertStrongPassword } from '#platform/auth/password-strength.ts';
import { hashPassword, verifyPassword } from '#platform/auth/password.ts';
import { sessionStore } from '#platform/auth/session-store.ts';
import { AppError } from '#platform/http/errors.ts';
import { unsubscribeLinks, type MailTopic } from '#platform/mail/unsubscribe.ts';
import { recordSecurityEvent } from '#platform/logs/security-events.ts';
import type { ProfileDeps } from './profile.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import { profileRepository } from './profile.repository';

countriesData.registerLocale(english);
const COUNTRIES = Object.entries(countriesData.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));
const EDIT_TTL_MS = 60 * 60_000;

export function createProfileService(deps: ProfileDeps) {
  const unsubscribe = unsubscribeLinks(deps.config.JWT_SECRET);

  return {
    countries: () => ({ countries: COUNTRIES }),

    /** Edits go through a token bound to the account, so a stale or foreign form cannot save. */
    async editToken(account: AccountRow, email: string) {
      if (email.toLowerCase() !== account.email.toLowerCase())
        throw new AppError(400, 'Use the email address of your account');
      const editToken = await oneTimeTokenStore.issue(deps.db, {
        accountId: account.id,
        purpose: 'profile_edit',
        ttlMs: EDIT_TTL_MS,
      });
      return { editToken, profile: await profileRepository.get(deps.db, account) };
    },

    async updateBasicInfo(account: AccountRow, body: BasicInfoBody) {
      const token = await oneTimeTokenStore.find(deps.db, 'profile_edit', body.editToken);
      if (!token || token.accountId !== account.id)
        throw new AppError(400, 'Your edit session expired. Reload the page and try again.');
      if (body.country && !COUNTRY_CODES.has(body.country)) throw new AppError(400, 'Choose a country from the list');
      const { editToken: _editToken, ...fields } = body;
      await profileRepository.save(deps.db, account.id, fields);
      return profileRepository.get(deps.db, account);
    },

    async changePassword(
      account: AccountRow,
      input: { currentPassword: string; newPassword: string },
      sessionId: string,
    ) {
      if (!account.passwordHash)
        throw new AppError(400, 'Your account has no password yet. Use "Forgot password" to set one.');
      if (!(await verifyPassword(account.passwordHash, input.currentPassword)))
        throw new AppError(400, 'Current password is incorrect');
      if (input.currentPassword === input.newPassword)
        throw new AppError(400, 'Choose a password different from the current one');
      assertStrongPassword(input.newPassword, [account.username, account.email]);
      await accountsRepository.update(deps.db, account.id, { passwordHash: await hashPassword(input.newPassword) });
      const ended = await sessionStore.revokeAll(deps.db, account.id, sessionId);
      await recordSecurityEvent(deps.db, {
        accountId: account.id,
        kind: 'password.changed',
        detail: { otherSessionsEnded: ended },
      });
      await deps.mailer.send(deps.mail.passwordChanged(account.email));
      return null;
    },

    async sessions(account: AccountRow, currentSessionId: string) {
      const rows = await sessionStore.listActive(deps.db, account.id);
      const items = rows.map((s) => ({
        id: s.id,
        current: s.id === currentSessionId,
        ip: s.ip,
        userAgent: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
      }));
      return { sessions: items.sort((a, b) => Number(b.current) - Number(a.current)) };
    },

    async revokeSession(account: AccountRow, sessionId: string) {
      if (!(await sessionStore.revokeOwn(deps.db, account.id, sessionId)))
        throw new AppError(404, 'Not Found', { error: 'No such session' });
      await recordSecurityEvent(deps.db, { accountId: account.id, kind: 'session.revoked', detail: { sessionId } });
      return null;
    },

    /** Optional mail only: receipts and security notices have no switch. */
    async setSubscription(
      account: AccountRow,
      choice: { subscribed?: boolean | undefined; reminders?: boolean | undefined },
    ) {
      const row = await accountsRepository.update(deps.db, account.id, {
        ...(choice.subscribed === undefined ? {} : { emailSubscribed: choice.subscribed }),
        ...(choice.reminders === undefined ? {} : { emailReminders: choice.reminders }),
      });
      return { subscribed: row!.emailSubscribed, reminders: row!.emailReminders };
    },

    /** For optional mail (news, reminders): a link that unsubscribes without signing in. */
    unsubscribeUrl(accountId: string, origin: string, topic: MailTopic = 'news') {
      return unsubscribe.url(origin, accountId, topic);
    },

    async cancelSubscription(token: string) {
      const reader = unsubscribe.read(token);
      if (!reader) throw new AppError(400, 'This unsubscribe link is invalid');
      const account = await accountsRepository
        .update(
          deps.db,
          reader.accountId,
          reader.topic === 'news' ? { emailSubscribed: false } : { emailReminders: false },
        )
        .catch(() => null);
      if (!account) throw new AppError(400, 'This unsubscribe link is invalid');
      return { email: account.email, topic: reader.topic };
    },
  };
}
