import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Role } from '@tollgate/contract/access/roles';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { ApiError } from '#lib/api-client.ts';
import { loginPath, paths } from '#lib/paths.ts';
import { queryClient } from '#lib/query-client.ts';
import { isSignedIn, meQueryOptions, signOut } from '#lib/session.ts';
import { notify } from '#lib/toast.ts';

export const RESELLER_SIGNED_OUT =
  'API accounts cannot use the customer dashboard. Please use the reseller API with your API key.';

/**
 * Loader guard of the signed-in areas: a token is required, the account is loaded from
 * /auth/me, reseller API accounts are signed out (spec §4) and other roles go to /dashboard.
 */
export async function requireUser({ request }: LoaderFunctionArgs, roles?: readonly Role[]): Promise<CurrentUser> {
  const url = new URL(request.url);
  if (!isSignedIn()) throw redirect(loginPath(url.pathname + url.search));
  // A 401/403 here already cleared the session and navigated (api-client); rethrowing is enough.
  const user = await queryClient.fetchQuery(meQueryOptions());
  if (user.reseller === 1) {
    await signOut(null);
    void notify('info', RESELLER_SIGNED_OUT, { toastId: 'reseller-signed-out' });
    throw redirect(paths.home);
  }
  if (roles && !roles.includes(user.role)) {
    // Staff sent to another panel (Support on a money screen) are told so; customers just go home.
    if (user.role !== 'User') throw new ApiError(403, MESSAGES.forbidden, { error: MESSAGES.forbidden });
    throw redirect(paths.dashboard);
  }
  return user;
}

export function currentUser(): Promise<CurrentUser> {
  return queryClient.fetchQuery(meQueryOptions());
}
