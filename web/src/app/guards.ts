import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Role } from '@tollgate/contract/access/roles';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { ApiError } from '#lib/api-client.ts';
import { homeFor } from '#lib/flow-paths.ts';
import { loginPath, paths } from '#lib/paths.ts';
import { queryClient } from '#lib/query-client.ts';
import { isSignedIn, meQueryOptions } from '#lib/session.ts';
import { notify } from '#lib/toast.ts';

/** Said to a reseller API account that reached the customer or staff area (ADR 044). */
export const RESELLER_TO_PANEL =
  'Reseller accounts use the reseller panel: your balance, orders, sub-users and API key are here.';
/** Said to anyone else who reached the reseller panel. */
export const PANEL_FOR_RESELLERS = 'The reseller panel is for reseller API accounts.';

async function signedInUser({ request }: LoaderFunctionArgs): Promise<CurrentUser> {
  const url = new URL(request.url);
  if (!isSignedIn()) throw redirect(loginPath(url.pathname + url.search));
  // A 401/403 here already cleared the session and navigated (api-client); rethrowing is enough.
  return queryClient.fetchQuery(meQueryOptions());
}

/**
 * Loader guard of the customer and staff areas: a token is required, the account is loaded from
 * /auth/me, reseller API accounts are kept out of them and sent to their own panel with a word why
 * (spec §4 as ADR 044 reads it), and other roles go to /dashboard.
 */
export async function requireUser(args: LoaderFunctionArgs, roles?: readonly Role[]): Promise<CurrentUser> {
  const user = await signedInUser(args);
  if (user.reseller === 1) {
    void notify('info', RESELLER_TO_PANEL, { toastId: 'reseller-to-panel' });
    throw redirect(paths.resellerPanel.root);
  }
  if (roles && !roles.includes(user.role)) {
    // Staff sent to another panel (Support on a money screen) are told so; customers just go home.
    if (user.role !== 'User') throw new ApiError(403, MESSAGES.forbidden, { error: MESSAGES.forbidden });
    throw redirect(paths.dashboard);
  }
  return user;
}

/**
 * Loader guard of the reseller panel (ADR 044): reseller API accounts only. A customer goes to the
 * reseller programme (its own way to resell, ADR 042), staff to their panel, each told why.
 */
export async function requireReseller(args: LoaderFunctionArgs): Promise<CurrentUser> {
  const user = await signedInUser(args);
  if (user.reseller === 1) return user;
  void notify('info', PANEL_FOR_RESELLERS, { toastId: 'panel-for-resellers' });
  throw redirect(user.role === 'User' ? paths.resellerDashboard : homeFor(user.role));
}

export function currentUser(): Promise<CurrentUser> {
  return queryClient.fetchQuery(meQueryOptions());
}
