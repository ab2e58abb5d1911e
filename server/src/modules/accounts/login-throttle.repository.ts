import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { loginThrottles } from '#platform/db/schema.ts';

export interface ThrottlePolicy {
  /** Attempts allowed before the back-off starts. */
  freeAttempts: number;
  /** The longest wait between attempts, however many failed. */
  maxDelaySeconds: number;
  /** A quiet spell this long after the last attempt starts the count again. */
  windowSeconds: number;
}

export type AttemptClaim = { allowed: true; attempt: number } | { allowed: false; retryAfterSeconds: number };

/**
 * The database clock decides, so every server instance sees the same back-off, and one upsert
 * both checks and counts: its row lock orders parallel attempts, so each gets its own number.
 */
export const loginThrottleRepository = {
  /**
   * Counts a password attempt unless the account is in back-off. An attempt at or past the free
   * ones sets the next wait, 2^n seconds (capped); attempts during a wait are refused, not counted.
   */
  async claimAttempt(
    db: DbOrTx,
    accountId: string,
    policy: ThrottlePolicy,
    /** Where a refused attempt came from: recorded as a 'blocked' sign-in in the same statement as the wait is read. */
    refused?: { ip: string | null; userAgent: string | null },
  ): Promise<AttemptClaim> {
    const stale = sql`login_throttles.last_failed_at < now() - make_interval(secs => ${policy.windowSeconds})`;
    const attempt = sql`(case when ${stale} then 1 else login_throttles.failures + 1 end)`;
    const delay = sql`least(${policy.maxDelaySeconds}::int, power(2, least(20, ${attempt} - ${policy.freeAttempts} + 1))::int)`;
    const result = await db.execute(sql`
      insert into login_throttles as login_throttles (account_id, failures, last_failed_at, blocked_until)
      values (${accountId}, 1, now(), case when ${policy.freeAttempts} <= 1
        then now() + make_interval(secs => least(${policy.maxDelaySeconds}::int, 2)) end)
      on conflict (account_id) do update set
        failures = ${attempt},
        last_failed_at = now(),
        blocked_until = case when ${attempt} >= ${policy.freeAttempts}
          then now() + make_interval(secs => ${delay}) end
      where login_throttles.blocked_until is null or login_throttles.blocked_until <= now()
      returning failures`);
    const [claimed] = (result as unknown as { rows: { failures: number }[] }).rows;
    if (claimed) return { allowed: true, attempt: Number(claimed.failures) };
    const event = refused
      ? sql`with blocked as (insert into sign_in_events (account_id, method, outcome, ip, user_agent)
          values (${accountId}, 'password', 'blocked', ${refused.ip}, ${refused.userAgent?.slice(0, 512) ?? null})) `
      : sql``;
    const waited = await db.execute(sql`${event}select ceil(extract(epoch from blocked_until - now()))::int as seconds
      from ${loginThrottles} where account_id = ${accountId}`);
    const [left] = (waited as unknown as { rows: { seconds: number | null }[] }).rows;
    return { allowed: false, retryAfterSeconds: Math.max(1, Number(left?.seconds ?? 1)) };
  },

  /** A successful sign-in or a password reset ends the episode. */
  async clear(db: DbOrTx, accountId: string): Promise<void> {
    await db.delete(loginThrottles).where(eq(loginThrottles.accountId, accountId));
  },
};
