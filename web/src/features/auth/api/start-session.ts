import type { CurrentUser } from '@tollgate/contract/auth/session';
import { queryClient } from '#lib/query-client.ts';
import { meQueryOptions } from '#lib/session.ts';
import { storage } from '#lib/storage.ts';

/** Every way in (password, two-factor code, Google) ends here: token and user stored the same way. */
export function startSession(session: { accessToken: string; user: CurrentUser }): CurrentUser {
  // Whatever was cached belonged to the previous visitor.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'landing' });
  storage.setToken(session.accessToken);
  storage.setUser(session.user);
  queryClient.setQueryData(meQueryOptions().queryKey, session.user);
  return session.user;
}

/** What a sign-in attempt ends in: signed in, or a code is still needed. */
export type SignInOutcome = { user: CurrentUser } | { twoFactorToken: string };

export function settle(
  payload: { accessToken: string; user: CurrentUser } | { twoFactorToken: string },
): SignInOutcome {
  return 'twoFactorToken' in payload ? { twoFactorToken: payload.twoFactorToken } : { user: startSession(payload) };
}
