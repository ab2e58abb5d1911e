import type { DbOrTx } from '#platform/db/client.ts';
import { signInEvents, type SIGN_IN_METHODS, type SIGN_IN_OUTCOMES } from '#platform/db/schema.ts';
import type { ClientMeta } from './auth.deps';

export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/**
 * One row per sign-in attempt on a known account, for the staff account page. A single insert on
 * the sign-in's own path: it is the same database the sign-in already needs, so when it fails the
 * sign-in could not have worked either.
 */
export async function recordSignIn(
  db: DbOrTx,
  accountId: string,
  method: SignInMethod,
  outcome: SignInOutcome,
  meta: Pick<ClientMeta, 'ip' | 'userAgent'>,
): Promise<void> {
  await db.insert(signInEvents).values({
    accountId,
    method,
    outcome,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
}
