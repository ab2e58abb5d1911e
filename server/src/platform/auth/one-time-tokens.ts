import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens, type TokenPurpose } from '../db/schema';

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

/** Wrong codes a step token (two-factor sign-in) survives before it is burnt. */
export const MAX_TOKEN_ATTEMPTS = 5;

const hash = (raw: string) => createHash('sha256').update(raw).digest('base64url');

/** Unused, unexpired, not burnt by wrong codes, and of the right purpose. */
const usable = (purpose: TokenPurpose, raw: string) =>
  and(
    eq(oneTimeTokens.tokenHash, hash(raw)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, sql`now()`),
    lt(oneTimeTokens.attempts, MAX_TOKEN_ATTEMPTS),
  );

/**
 * 128-bit random tokens for mail links and sign-in steps. Only a hash is stored, so a database
 * leak reveals no usable link; each is used once and expires.
 */
export const oneTimeTokenStore = {
  async issue(
    db: DbOrTx,
    input: { accountId: string; purpose: TokenPurpose; ttlMs: number; data?: unknown },
  ): Promise<string> {
    const raw = randomBytes(16).toString('base64url');
    await db.insert(oneTimeTokens).values({
      accountId: input.accountId,
      purpose: input.purpose,
      tokenHash: hash(raw),
      data: input.data ?? null,
      expiresAt: new Date(Date.now() + input.ttlMs),
    });
    return raw;
  },

  /** Marks the token used and returns it, atomically: two racing requests cannot both win. */
  async consume(db: DbOrTx, purpose: TokenPurpose, raw: string): Promise<OneTimeToken | null> {
    const [row] = await db
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(usable(purpose, raw))
      .returning();
    return row ?? null;
  },

  /** A usable token without using it up (a step that may still fail, such as a wrong code). */
  async find(db: DbOrTx, purpose: TokenPurpose, raw: string): Promise<OneTimeToken | null> {
    const [row] = await db.select().from(oneTimeTokens).where(usable(purpose, raw)).limit(1);
    return row ?? null;
  },

  async countFailure(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(oneTimeTokens)
      .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
      .where(eq(oneTimeTokens.id, id));
  },

  /** Older links of the same kind stop working when a new one is sent or the purpose is fulfilled. */
  async revokeAll(db: DbOrTx, accountId: string, purpose: TokenPurpose): Promise<void> {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(oneTimeTokens.accountId, accountId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
      );
  },
};
