import type { Role } from '@tollgate/contract/access/roles';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

const notDeleted = isNull(accounts.deletedAt);

export const accountsRepository = {
  async findById(db: DbOrTx, id: string): Promise<AccountRow | null> {
    const [row] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), notDeleted))
      .limit(1);
    return row ?? null;
  },

  /** Email or username, case-insensitively (both are unique that way). */
  async findByLogin(db: DbOrTx, login: string): Promise<AccountRow | null> {
    const value = login.toLowerCase();
    const [row] = await db
      .select()
      .from(accounts)
      .where(and(or(sql`lower(${accounts.email}) = ${value}`, sql`lower(${accounts.username}) = ${value}`), notDeleted))
      .limit(1);
    return row ?? null;
  },

  async insert(
    db: DbOrTx,
    input: {
      username: string;
      email: string;
      passwordHash: string | null;
      role: Role;
      reseller: boolean;
      emailVerified: boolean;
      googleSubject?: string | null;
      referralCodeUsed?: string | null;
      partnerCode?: string | null;
      termsVersion?: number | null;
    },
  ): Promise<AccountRow> {
    const [row] = await db
      .insert(accounts)
      .values({
        username: input.username,
        email: input.email,
        passwordHash: input.passwordHash,
        role: input.role,
        reseller: input.reseller,
        emailVerifiedAt: input.emailVerified ? sql`now()` : null,
        googleSubject: input.googleSubject ?? null,
        referralCodeUsed: input.referralCodeUsed ?? null,
        partnerCode: input.partnerCode ?? null,
        termsVersion: input.termsVersion ?? null,
        termsAcceptedAt: input.termsVersion == null ? null : sql`now()`,
      })
      .returning();
    return row!;
  },

  async findByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
    const [row] = await db
      .select()
      .from(accounts)
      .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, notDeleted))
      .limit(1);
    return row ?? null;
  },

  async findByGoogleSubject(db: DbOrTx, subject: string): Promise<AccountRow | null> {
    const [row] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.googleSubject, subject), notDeleted))
      .limit(1);
    return row ?? null;
  },

  async update(db: DbOrTx, id: string, values: Partial<typeof accounts.$inferInsert>): Promise<AccountRow | null> {
    const [row] = await db
      .update(accounts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, id), notDeleted))
      .returning();
    return row ?? null;
  },

  /** Claims the right to send a verification mail: at most one per cooldown, across instances. */
  async claimVerificationSend(db: DbOrTx, id: string, cooldownSeconds: number): Promise<boolean> {
    const rows = await db
      .update(accounts)
      .set({ verificationSentAt: sql`now()` })
      .where(
        and(
          eq(accounts.id, id),
          isNull(accounts.emailVerifiedAt),
          or(
            isNull(accounts.verificationSentAt),
            sql`${accounts.verificationSentAt} < now() - make_interval(secs => ${cooldownSeconds})`,
          ),
        ),
      )
      .returning({ id: accounts.id });
    return rows.length > 0;
  },

  async existsWithEmailOrUsername(db: DbOrTx, email: string, username: string) {
    const [row] = await db
      .select({ email: accounts.email, username: accounts.username })
      .from(accounts)
      .where(
        or(
          sql`lower(${accounts.email}) = ${email.toLowerCase()}`,
          sql`lower(${accounts.username}) = ${username.toLowerCase()}`,
        ),
      )
      .limit(1);
    return row ?? null;
  },
};
