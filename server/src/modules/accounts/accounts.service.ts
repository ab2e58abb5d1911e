import type { Role } from '@tollgate/contract/access/roles';
import { emailSchema, passwordSchema, usernameSchema } from '@tollgate/contract/auth/credentials';
import { ACCOUNT_LIST_MAX_ROWS, type AccountSort } from '@tollgate/contract/admin/accounts';
import { z } from 'zod';
import { assertStrongPassword } from '#platform/auth/password-strength.ts';
import { hashPassword } from '#platform/auth/password.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { AppError, badRequest, validationError } from '#platform/http/errors.ts';
import { accountsRepository } from './accounts.repository';
import { toListItem } from './account-view';
import { accountListRepository, type AccountListFilter } from './account-list.repository';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '#platform/db/errors.ts';

const newAccountSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
});

export interface NewAccount {
  email: string;
  username: string;
  password: string;
  role: Role;
  reseller?: boolean;
  emailVerified?: boolean;
  referralCodeUsed?: string | null;
  partnerCode?: string | null;
  /** The legal texts' version a sign-up accepted; the time is recorded with it. */
  termsVersion?: number | null;
}

export type AccountListOptions = AccountListFilter & { page: number; size: number; sort: AccountSort };

export const accountsService = {
  /** Creates an account after checking its fields and that email and username are free. */
  async create(db: DbOrTx, input: NewAccount) {
    const parsed = newAccountSchema.safeParse(input);
    if (!parsed.success) {
      throw validationError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    }
    const { email, username, password } = parsed.data;
    assertStrongPassword(password, [email, username]);
    const taken = await accountsRepository.existsWithEmailOrUsername(db, email, username);
    if (taken) {
      throw badRequest(
        taken.email.toLowerCase() === email ? 'Email is already registered' : 'Username is already taken',
      );
    }
    try {
      return await accountsRepository.insert(db, {
        email,
        username,
        passwordHash: await hashPassword(password),
        role: input.role,
        reseller: input.reseller ?? false,
        emailVerified: input.emailVerified ?? false,
        referralCodeUsed: input.referralCodeUsed ?? null,
        partnerCode: input.partnerCode ?? null,
        termsVersion: input.termsVersion ?? null,
      });
    } catch (error) {
      // Two creations racing for the same name: the unique index decides, the caller gets a clear answer.
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError(400, 'Email or username is already taken');
      throw error;
    }
  },

  /**
   * The staff account list. `size` 0 is the whole list the spec allows, capped at
   * ACCOUNT_LIST_MAX_ROWS so one click never streams 100,000 rows.
   */
  async list(db: DbOrTx, query: AccountListOptions) {
    const limit = query.size === 0 ? ACCOUNT_LIST_MAX_ROWS : query.size;
    const offset = query.size === 0 ? 0 : (query.page - 1) * query.size;
    const { rows, total } = await accountListRepository.page(db, query, { sort: query.sort, limit, offset });
    return { items: rows.map(toListItem), total, page: query.page, size: query.size };
  },

  /** The support panel: customers only (no staff, no resellers), and never a money field. */
  async supportList(db: DbOrTx, query: Omit<AccountListOptions, 'sort' | 'role' | 'rolesOnly' | 'reseller'>) {
    const page = await this.list(db, { ...query, sort: 'newest', rolesOnly: ['User'], reseller: false });
    return { ...page, items: page.items.map(({ balance: _balance, spent: _spent, ...item }) => item) };
  },
};
