import type { Role } from '@tollgate/contract/access/roles';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { toDollars } from '@tollgate/contract/http/money';
import type { DeletionPreview } from '@tollgate/contract/profile/account-deletion';
import { sessionStore } from '#platform/auth/session-store.ts';
import { verifyPassword } from '#platform/auth/password.ts';
import { audit } from '#platform/billing/audit-log.ts';
import { refuseSelf } from '#platform/billing/staff-limits.ts';
import { AppError, forbidden, notFound } from '#platform/http/errors.ts';
import { accountDeletionRepository as repo } from './account-deletion.repository';
import type { ProfileDeps } from './profile.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import { checkSecondFactor, INVALID_CODE } from '#platform/auth/second-factor.ts';
import { lockAdministratorsIfAdmin } from '#platform/accounts/staff-rules.ts';

export const CODE_REQUIRED = 'Enter a code from your authenticator app or a backup code';
export const LAST_ADMINISTRATOR = 'The last Administrator cannot be deleted';
export const OWN_ACCOUNT = 'Staff cannot delete their own account here';
const STAFF_ONLY_BY_ADMINS = 'Only an Administrator can delete a staff or reseller account';
const DAY_MS = 86_400_000;

type Deleter = { kind: 'self' } | { kind: 'staff'; accountId: string; role: Role; reason: string };

/**
 * Deleting an account ends its service in the same transaction as the soft delete: renewals off,
 * plans cancelled, whitelisted addresses let go, every session revoked. The gateway refuses a
 * deleted account's credentials on its next lookup (its cache lives 3 s), on every node, because
 * each node reads the account's state from the shared database (gateway-store.ts).
 */
export function createAccountDeletionService(deps: ProfileDeps) {
  async function preview(account: AccountRow): Promise<DeletionPreview> {
    const plans = await repo.plansInService(deps.db, account.id);
    const now = Date.now();
    return {
      username: account.username,
      balance: toDollars(account.balanceCents),
      twoFactorEnabled: account.twoFactorEnabled,
      hasPassword: account.passwordHash !== null,
      plans: plans.map((p) => {
        const byThreads = p.bandwidthGb === 0;
        return {
          id: p.id,
          title: p.title,
          planType: p.planType,
          bytesLeft: byThreads ? null : p.bytesLeft,
          threads: p.threads,
          daysLeft: p.expiresAt ? Math.max(0, Math.ceil((p.expiresAt.getTime() - now) / DAY_MS)) : 0,
          autoRenew: p.autoRenew,
          expiresAt: p.expiresAt?.toISOString() ?? null,
        };
      }),
    };
  }

  async function remove(userId: string, by: Deleter): Promise<null> {
    const avatarUrl = await deps.db.transaction(async (tx) => {
      // Administrators first, in id order, then the account: two deleting each other take turns.
      await lockAdministratorsIfAdmin(tx, userId);
      const account = await repo.lock(tx, userId);
      if (!account) throw notFound('No such account');
      // Spec §6: resellers are the Administrator's ('Resell user'), as staff accounts are.
      if (by.kind === 'staff' && by.role !== 'Administrator' && (account.role !== 'User' || account.reseller))
        throw new AppError(403, MESSAGES.forbidden, { error: STAFF_ONLY_BY_ADMINS });
      if (account.role === 'Administrator' && (await repo.otherAdministrators(tx, account.id)) === 0)
        throw new AppError(400, LAST_ADMINISTRATOR);
      const plans = await repo.plansInService(tx, account.id);
      const { cancelled } = await repo.endService(tx, account.id);
      await repo.scrub(tx, account);
      await sessionStore.revokeAll(tx, account.id);
      await audit(tx, {
        actorId: by.kind === 'staff' ? by.accountId : account.id,
        action: by.kind === 'staff' ? 'account.delete' : 'account.delete.self',
        targetType: 'account',
        targetId: account.id,
        before: {
          username: account.username,
          email: account.email,
          role: account.role,
          balanceCents: account.balanceCents,
          plansInService: plans.map((p) => ({ id: p.id, bytesLeft: p.bytesLeft, autoRenew: p.autoRenew })),
        },
        after: {
          deleted: true,
          cancelledPlans: cancelled,
          autoRenew: false,
          sessions: 'revoked',
          // scrub() clears a reseller's API key in this transaction; the trail says so.
          ...(account.reseller ? { apiKey: 'revoked' } : {}),
        },
        reason: by.kind === 'staff' ? by.reason : null,
      });
      return account.avatarUrl;
    });
    await deps.uploads.remove(avatarUrl);
    return null;
  }

  return {
    async myPreview(account: AccountRow, userId: string) {
      if (userId !== account.id) throw forbidden();
      return preview(account);
    },

    async staffPreview(userId: string) {
      const account = await accountsRepository.findById(deps.db, userId);
      if (!account) throw notFound('No such account');
      return preview(account);
    },

    /** Confirmed with the password (or the username without one) and, with two-factor on, a code. */
    async deleteOwn(
      account: AccountRow,
      userId: string,
      confirm: { password?: string | undefined; confirmUsername?: string | undefined; code?: string | undefined },
    ) {
      if (userId !== account.id) throw forbidden();
      if (account.passwordHash) {
        if (!confirm.password || !(await verifyPassword(account.passwordHash, confirm.password)))
          throw new AppError(400, 'Password is incorrect');
      } else if (confirm.confirmUsername?.trim().toLowerCase() !== account.username.toLowerCase()) {
        throw new AppError(400, 'Type your username to confirm');
      }
      if (account.twoFactorEnabled) {
        if (!confirm.code) throw new AppError(400, CODE_REQUIRED);
        if (!(await checkSecondFactor(deps, account, confirm.code))) throw new AppError(400, INVALID_CODE);
      }
      return remove(account.id, { kind: 'self' });
    },

    /** Administrators and Managers; Managers only customer accounts; never oneself, never the last Administrator. */
    async deleteByStaff(actor: { accountId: string; role: Role }, userId: string, reason: string) {
      refuseSelf(actor.accountId, userId, OWN_ACCOUNT);
      return remove(userId, { kind: 'staff', accountId: actor.accountId, role: actor.role, reason });
    },
  };
}
export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
