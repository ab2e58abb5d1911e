import { queryOptions, useQuery } from '@tanstack/react-query';
import { logout, me, type CurrentUser } from '@tollgate/contract/auth/session';
import { call, endSession } from './api-client.ts';
import { paths } from './paths.ts';
import { queryClient } from './query-client.ts';
import { storage } from './storage.ts';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: async ({ signal }): Promise<CurrentUser> => {
      const user = await call(me, { signal });
      // The spec keeps `user` in storage as sign-in returns it; keep it in step with the server.
      storage.setUser(user);
      return user;
    },
  });

export function useCurrentUser() {
  return useQuery(meQueryOptions());
}

/** After a change to the account (avatar, 2FA, email): reload /auth/me, which also updates storage. */
export function refreshCurrentUser(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
}

export const isSignedIn = () => storage.getToken() !== null;

/**
 * Spec §4 logout: the server session is revoked when possible, then local state goes.
 * `to: null` leaves navigation to the caller (route loaders redirect themselves).
 */
export async function signOut(to: string | null = paths.login): Promise<void> {
  try {
    await call(logout, { quiet: true });
  } catch {
    // Revocation failing (offline, already expired) must never keep anyone signed in locally.
  }
  endSession(to ?? undefined);
}
