import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { signInBackoffs } from '#platform/db/schema.ts';

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
 * Which back-off bucket a password attempt counts in (ADR 047): a known device's own, the account's
 * shared one for every other device, or, for a login that names no account, one keyed by the login
 * so that it answers exactly as an account would.
 */
export type Bucket =
  | { kind: 'device'; accountId: string; nonce: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'login'; loginHash: string };

const subjectOf = (bucket: Bucket) =>
  bucket.kind === 'device'
    ? `device:${bucket.accountId}:${bucket.nonce}`
    : bucket.kind === 'account'
      ? `account:${bucket.accountId}`
      : `login:${bucket.loginHash}`;

/**
 * The database clock decides, so every server instance sees the same back-off, and one upsert
 * both checks and counts: its row lock orders parallel attempts, so each gets its own number.
 */
export const loginThrottleRepository = {
  /**
   * Counts a password attempt unless the bucket is in back-off. An attempt at or past the free
   * ones sets the next wait, 2^n seconds (capped); attempts during a wait are refused, not counted.
   */
  async claimAttempt(
    db: DbOrTx,
    bucket: Bucket,
    policy: ThrottlePolicy,
    /** Where a refused attempt came from: recorded as a 'blocked' sign-in in the same statement as the wait is read. */
    refused?: { ip: string | null; userAgent: string | null },
  ): Promise<AttemptClaim> {
    const subject = subjectOf(bucket);
    const accountId = bucket.kind === 'login' ? null : bucket.accountId;
    const stale = sql`b.last_failed_at < now() - make_interval(secs => ${policy.windowSeconds})`;
    const attempt = sql`(case when ${stale} then 1 else b.failures + 1 end)`;
    const delay = sql`least(${policy.maxDelaySeconds}::int, power(2, least(20, ${attempt} - ${policy.freeAttempts} + 1))::int)`;
    const result = await db.execute(sql`
      insert into sign_in_backoffs as b (subject, account_id, failures, last_failed_at, blocked_until)
      values (${subject}, ${accountId}, 1, now(), case when ${policy.freeAttempts} <= 1
        then now() + make_interval(secs => least(${policy.maxDelaySeconds}::int, 2)) end)
      on conflict (subject) do update set
        failures = ${attempt},
        last_failed_at = now(),
        blocked_until = case when ${attempt} >= ${policy.freeAttempts}
          then now() + make_interval(secs => ${delay}) end
      where b.blocked_until is null or b.blocked_until <= now()
      returning failures`);
    const [claimed] = (result as unknown as { rows: { failures: number }[] }).rows;
    if (claimed) return { allowed: true, attempt: Number(claimed.failures) };
    const event =
      refused && accountId
        ? sql`with blocked as (insert into sign_in_events (account_id, method, outcome, ip, user_agent)
          values (${accountId}, 'password', 'blocked', ${refused.ip}, ${refused.userAgent?.slice(0, 512) ?? null})) `
        : sql``;
    const waited = await db.execute(sql`${event}select ceil(extract(epoch from blocked_until - now()))::int as seconds
      from ${signInBackoffs} where subject = ${subject}`);
    const [left] = (waited as unknown as { rows: { seconds: number | null }[] }).rows;
    return { allowed: false, retryAfterSeconds: Math.max(1, Number(left?.seconds ?? 1)) };
  },

  /** A successful sign-in ends the episode of the bucket it came through. */
  async clear(db: DbOrTx, bucket: Bucket): Promise<void> {
    await db.delete(signInBackoffs).where(eq(signInBackoffs.subject, subjectOf(bucket)));
  },

  /** A password reset proves the owner: every bucket of the account starts again. */
  async clearAccount(db: DbOrTx, accountId: string): Promise<void> {
    await db.delete(signInBackoffs).where(eq(signInBackoffs.accountId, accountId));
  },

  /** Buckets quiet for longer than the window hold nothing; the sweep keeps the table small. */
  async forgetQuiet(db: DbOrTx, policy: ThrottlePolicy): Promise<void> {
    await db.execute(
      sql`delete from ${signInBackoffs} where last_failed_at < now() - make_interval(secs => ${policy.windowSeconds})
        and (blocked_until is null or blocked_until < now())`,
    );
  },
};
