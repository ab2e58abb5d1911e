import type { Role } from '@tollgate/contract/access/roles';
import type { AdminAccount } from '@tollgate/contract/admin/account-page';
import { audit } from '#platform/billing/audit-log.ts';
import { issueWelcomeToken, WELCOME_LINK_HOURS, welcomeUrl } from '#platform/auth/welcome-link.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, pgErrorField } from '#platform/db/errors.ts';
import { AppError, validationError } from '#platform/http/errors.ts';
import type { StaffAccountsDeps } from './staff-accounts.deps';
import { accountsRepository } from '#platform/accounts/accounts.repository.ts';
import { toAdminAccount } from './account-page.view';

/** Long enough for a new person to find the mail after a weekend; the link is still single-use. */
export const MANAGER_CREATES_USERS_ONLY = 'Managers can create customer accounts only (role User)';
export const EMAIL_TAKEN = 'Email is already registered';
export const USERNAME_TAKEN = 'Username is already taken';

const taken = (field: 'email' | 'username') =>
  validationError([{ path: `body.${field}`, message: field === 'email' ? EMAIL_TAKEN : USERNAME_TAKEN }]);

export interface CreateAccountInput {
  email: string;
  username: string;
  role: Role;
  message?: string | null | undefined;
}

/**
 * Staff create an account that is verified from the start and has no password: the person chooses
 * one through a mailed reset-password link (72 h), so no staff member ever knows or types it.
 */
export function createAccountCreateService(deps: Pick<StaffAccountsDeps, 'db' | 'mailer' | 'mail'>) {
  return {
    async create(
      actor: { accountId: string; role: Role },
      input: CreateAccountInput,
      origin: string,
    ): Promise<AdminAccount> {
      if (actor.role !== 'Administrator' && input.role !== 'User') {
        throw new AppError(403, MANAGER_CREATES_USERS_ONLY, { error: MANAGER_CREATES_USERS_ONLY });
      }
      const { account, token } = await deps.db
        .transaction(async (tx) => {
          const existing = await accountsRepository.existsWithEmailOrUsername(tx, input.email, input.username);
          if (existing) throw taken(existing.email.toLowerCase() === input.email.toLowerCase() ? 'email' : 'username');
          const inserted = await accountsRepository.insert(tx, {
            email: input.email,
            username: input.username,
            passwordHash: null,
            role: input.role,
            reseller: false,
            emailVerified: true,
          });
          const row = input.message
            ? ((await accountsRepository.update(tx, inserted.id, { staffMessage: input.message })) ?? inserted)
            : inserted;
          const raw = await issueWelcomeToken(tx, row.id);
          await audit(tx, {
            actorId: actor.accountId,
            action: 'account.create',
            targetType: 'account',
            targetId: row.id,
            before: null,
            after: { email: row.email, username: row.username, role: row.role, message: row.staffMessage },
          });
          return { account: row, token: raw };
        })
        .catch((error: unknown) => {
          // Two creations racing for one name: the unique index decides, and still names the field.
          if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
          throw taken(pgErrorField(error, 'constraint')?.includes('username') ? 'username' : 'email');
        });
      const url = welcomeUrl(origin, token);
      await deps.mailer.send(
        deps.mail.welcomeChoosePassword(account.email, { username: account.username, url, hours: WELCOME_LINK_HOURS }),
      );
      // Nothing bought, seen or filled in yet.
      return toAdminAccount(account, { spentCents: 0, lastSeenAt: null, activePlans: 0, profile: null });
    },
  };
}
