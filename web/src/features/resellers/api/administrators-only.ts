import { redirect } from 'react-router';
import { canSeeArea } from '@tollgate/contract/access/areas';
import { staffPaths } from '#lib/staff-paths.ts';
import { queryClient } from '#lib/query-client.ts';
import { meQueryOptions } from '#lib/session.ts';
import { storage } from '#lib/storage.ts';

/** Route loader: 'Resell user' is Administrator only (spec §6); a Manager lands on User Management. */
export async function administratorsOnly() {
  // Without a token the admin layout's guard redirects to sign-in; do not race it.
  if (!storage.getToken()) return null;
  const user = await queryClient.fetchQuery(meQueryOptions());
  if (!canSeeArea('Resell user', user.role)) return redirect(staffPaths.admin.accounts);
  return null;
}
