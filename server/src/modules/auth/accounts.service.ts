import type { Role } from '@tollgate/contract/access/roles';
import { emailSchema, passwordSchema, usernameSchema } from '@tollgate/contract/auth/credentials';
import { z } from 'zod';
import { assertStrongPassword } from '#platform/auth/password-strength.ts';
import { hashPassword } from '#platform/auth/password.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { AppError, badRequest, validationError } from '#platform/http/errors.ts';
import { accountsRepository } from '#platform/accounts/accounts.repository.ts';
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
};
