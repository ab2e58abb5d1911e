import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ApiKey } from '@tollgate/contract/profile/api-keys';
import { apiKeyStore } from '#platform/auth/api-keys.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { accountMatching } from '#platform/db/search.ts';
import { accounts } from '#platform/db/schema.ts';
import { resellerTerms } from './resellers.schema';

export type TermsRow = typeof resellerTerms.$inferSelect;
/** The stored terms a staff member sets (cents, basis points); keys and timestamps are kept apart. */
export type StoredTerms = Pick<
  TermsRow,
  | 'resiPriceCents'
  | 'mobilePriceCents'
  | 'dataPrice1Cents'
  | 'dataPrice7Cents'
  | 'dataPrice30Cents'
  | 'ispPriceCents'
  | 'gbValue'
  | 'ipv6White'
  | 'dataWhite'
  | 'valueBps'
>;

/**
 * A reseller: a staff-made API account (reseller=1) or a programme member, a web customer whose own
 * account has terms (ADR 042). Every query using it joins `reseller_terms`.
 */
const resellerAccount = and(
  or(eq(accounts.reseller, true), isNotNull(resellerTerms.accountId)),
  isNull(accounts.deletedAt),
);
const columns = {
  account: {
    id: accounts.id,
    username: accounts.username,
    email: accounts.email,
    balanceCents: accounts.balanceCents,
    reseller: accounts.reseller,
    disabledAt: accounts.disabledAt,
    createdAt: accounts.createdAt,
  },
  terms: resellerTerms,
};
export interface ResellerAccount {
  id: string;
  username: string;
  email: string;
  balanceCents: number;
  /** False for a programme member (a web customer, ADR 042). */
  reseller: boolean;
  disabledAt: Date | null;
  createdAt: Date;
}
export interface ResellerRow {
  account: ResellerAccount;
  terms: TermsRow | null;
  /** The live `Reseller API` key (ADR 038), shown by its prefix only. */
  key: ApiKey | null;
}
/** The name a reseller's key carries in `api_keys`; staff rotate it, the account holds one live. */
export const RESELLER_KEY_NAME = 'Reseller API';

async function withKeys(db: DbOrTx, rows: Omit<ResellerRow, 'key'>[]): Promise<ResellerRow[]> {
  const keys = await apiKeyStore.liveNamed(
    db,
    rows.map((r) => r.account.id),
    RESELLER_KEY_NAME,
  );
  return rows.map((r) => ({ ...r, key: keys.get(r.account.id) ?? null }));
}

export const resellersRepository = {
  /** Reseller accounts and programme members, newest first; an account flagged reseller without terms yet lists with none. */
  async page(db: DbOrTx, options: { page: number; size: number; search?: string | undefined }) {
    const filters = [resellerAccount];
    if (options.search) filters.push(accountMatching(options.search));
    const where = and(...filters);
    const { rows, total } = await readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...columns, pageTotal })
            .from(accounts)
            .leftJoin(resellerTerms, eq(resellerTerms.accountId, accounts.id))
            .where(where)
            .orderBy(desc(accounts.createdAt), desc(accounts.id)),
        ),
      count: () =>
        db
          .select({ n: count() })
          .from(accounts)
          .leftJoin(resellerTerms, eq(resellerTerms.accountId, accounts.id))
          .where(where),
    });
    return { rows: await withKeys(db, rows), total };
  },

  async find(db: DbOrTx, accountId: string, options: { lock?: boolean } = {}): Promise<ResellerRow | null> {
    const query = db
      .select(columns)
      .from(accounts)
      .leftJoin(resellerTerms, eq(resellerTerms.accountId, accounts.id))
      .where(and(eq(accounts.id, accountId), resellerAccount))
      .limit(1);
    // Locks the account row only (not the nullable side of the join): staff changes to one reseller take turns.
    const [row] = options.lock ? await query.for('update', { of: accounts }) : await query;
    return row ? (await withKeys(db, [row]))[0]! : null;
  },

  /** Which of email and username another account (deleted ones keep scrubbed names) already uses. */
  async taken(db: DbOrTx, email: string, username: string) {
    const rows = await db
      .select({ email: accounts.email, username: accounts.username })
      .from(accounts)
      .where(
        or(
          sql`lower(${accounts.email}) = ${email.toLowerCase()}`,
          sql`lower(${accounts.username}) = ${username.toLowerCase()}`,
        ),
      )
      .limit(2);
    return {
      email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
      username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    };
  },

  /** A verified API account without a password: its owner chooses one through the mailed link. */
  async insertAccount(db: DbOrTx, input: { email: string; username: string }) {
    const [row] = await db
      .insert(accounts)
      .values({
        email: input.email,
        username: input.username,
        passwordHash: null,
        role: 'User',
        reseller: true,
        emailVerifiedAt: sql`now()`,
      })
      .returning({ id: accounts.id });
    return row!;
  },

  /** Ends a programme membership (ADR 042): the account stays, its terms go. */
  async deleteTerms(db: DbOrTx, accountId: string): Promise<void> {
    await db.delete(resellerTerms).where(eq(resellerTerms.accountId, accountId));
  },

  /** Inserts or replaces the terms. */
  async saveTerms(db: DbOrTx, accountId: string, terms: StoredTerms): Promise<void> {
    await db
      .insert(resellerTerms)
      .values({ accountId, ...terms })
      .onConflictDoUpdate({ target: resellerTerms.accountId, set: { ...terms, updatedAt: sql`now()` } });
  },
};
