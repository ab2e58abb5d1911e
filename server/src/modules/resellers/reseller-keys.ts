import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { recordSecurityEvent } from '#platform/logs/security-events.ts';
import { resellerTerms } from './resellers.schema';

/** Recognisable in logs, config files and secret scanners (ADR 021). */
export const KEY_PREFIX = 'tg_live_';
/** 32 random bytes in base64url. */
const KEY_BODY = /^[A-Za-z0-9_-]{43}$/;
/** Characters of the key shown in the staff panel to tell keys apart: the marker and six random ones. */
const SHOWN = KEY_PREFIX.length + 6;
/** last-used is a hint for staff, not a log: one write a minute per key is plenty. */
const LAST_USED_GRANULARITY_SECONDS = 60;
/** The security log notes a key's use once an hour at most (the first call of the hour), never per call. */
const USE_LOGGED_EVERY_SECONDS = 3_600;

/**
 * A key is 256 random bits, so a fast hash is as safe as a slow one here (no dictionary to try) and
 * lets the key be found by an indexed lookup of its hash; passwords are the opposite case (argon2).
 */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newKey(): { key: string; hash: string; prefix: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashKey(key), prefix: key.slice(0, SHOWN) };
}

export const resellerKeys = {
  /**
   * The reseller account an `x-api-key` belongs to, or null: unknown, rotated, revoked, or its
   * account deleted or disabled. Compared by hash lookup, so no key is ever compared character by
   * character against a stored secret.
   */
  async verify(db: DbOrTx, key: unknown): Promise<{ accountId: string } | null> {
    if (typeof key !== 'string' || !key.startsWith(KEY_PREFIX) || !KEY_BODY.test(key.slice(KEY_PREFIX.length)))
      return null;
    const hash = hashKey(key);
    const [row] = await db
      .select({
        accountId: resellerTerms.accountId,
        lastUsedAt: resellerTerms.apiKeyLastUsedAt,
        useLoggedAt: resellerTerms.apiKeyUseLoggedAt,
        prefix: resellerTerms.apiKeyPrefix,
      })
      .from(resellerTerms)
      .innerJoin(accounts, eq(accounts.id, resellerTerms.accountId))
      .where(
        and(
          eq(resellerTerms.apiKeyHash, hash),
          eq(accounts.reseller, true),
          isNull(accounts.deletedAt),
          isNull(accounts.disabledAt),
        ),
      )
      .limit(1);
    if (!row) return null;
    // Conditional, so a busy key writes at most once a minute and concurrent calls do not queue on the row.
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_GRANULARITY_SECONDS * 1000) {
      await db
        .update(resellerTerms)
        .set({ apiKeyLastUsedAt: sql`now()` })
        .where(
          and(
            eq(resellerTerms.accountId, row.accountId),
            eq(resellerTerms.apiKeyHash, hash),
            or(
              isNull(resellerTerms.apiKeyLastUsedAt),
              sql`${resellerTerms.apiKeyLastUsedAt} < now() - make_interval(secs => ${LAST_USED_GRANULARITY_SECONDS})`,
            ),
          ),
        );
    }
    if (!row.useLoggedAt || Date.now() - row.useLoggedAt.getTime() > USE_LOGGED_EVERY_SECONDS * 1000) {
      // Claimed by a conditional update, so parallel calls on any instance write one event an hour.
      const claimed = await db
        .update(resellerTerms)
        .set({ apiKeyUseLoggedAt: sql`now()` })
        .where(
          and(
            eq(resellerTerms.accountId, row.accountId),
            eq(resellerTerms.apiKeyHash, hash),
            or(
              isNull(resellerTerms.apiKeyUseLoggedAt),
              sql`${resellerTerms.apiKeyUseLoggedAt} < now() - make_interval(secs => ${USE_LOGGED_EVERY_SECONDS})`,
            ),
          ),
        )
        .returning({ accountId: resellerTerms.accountId });
      if (claimed.length > 0)
        await recordSecurityEvent(db, { accountId: row.accountId, kind: 'api_key.used', detail: { key: row.prefix } });
    }
    return { accountId: row.accountId };
  },
};
