import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, sessions } from '../db/schema';
import { preparedPerHandle } from '../db/prepared';

export type AccountRow = typeof accounts.$inferSelect;

export interface ActiveSession {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  account: AccountRow;
}

/** The hottest query of the API, so it is prepared. */
const findActive = preparedPerHandle((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      account: accounts,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(accounts.deletedAt),
        isNull(accounts.disabledAt),
      ),
    )
    .limit(1)
    .prepare('find_active_session'),
);

/** Sessions are rows so that logout, password change or an admin can end them at once (DESIGN §5). */
export const sessionStore = {
  async create(db: DbOrTx, input: { accountId: string; expiresAt: Date; ip: string | null; userAgent: string | null }) {
    const [row] = await db.insert(sessions).values(input).returning({ id: sessions.id });
    return row!.id;
  },

  /** The session and its account, only while both are usable. One indexed query per request. */
  async findActive(db: DbOrTx, sessionId: string): Promise<ActiveSession | null> {
    const [row] = await findActive(db).execute({ sessionId });
    return row ?? null;
  },

  async listActive(db: DbOrTx, accountId: string) {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.lastSeenAt));
  },

  /** Ends one session, only if it belongs to that account; says whether there was one to end. */
  async revokeOwn(db: DbOrTx, accountId: string, sessionId: string): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  /** Ends every session of an account, or every one but `keep` (the one making the change); says how many. */
  async revokeAll(db: DbOrTx, accountId: string, keep?: string): Promise<number> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
      )
      .returning({ id: sessions.id });
    return rows.length;
  },

  /** Whether the account signed in before at all, and from this address. */
  async history(db: DbOrTx, accountId: string, ip: string): Promise<{ any: boolean; fromIp: boolean }> {
    const [row] = await db
      .select({
        any: sql<boolean>`count(*) > 0`,
        fromIp: sql<boolean>`count(*) filter (where ${sessions.ip} = ${ip}) > 0`,
      })
      .from(sessions)
      .where(eq(sessions.accountId, accountId));
    return { any: Boolean(row?.any), fromIp: Boolean(row?.fromIp) };
  },

  async revoke(db: DbOrTx, sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  /** Records activity at most once a minute per session, so reads stay reads. */
  async touch(db: DbOrTx, sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
  },
};
