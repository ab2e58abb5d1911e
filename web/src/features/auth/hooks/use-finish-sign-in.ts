import { useNavigate, useSearchParams } from 'react-router';
import { paths, safeNext } from '#lib/paths.ts';
import { homeFor, twoStepPath } from '#lib/flow-paths.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { storage } from '#lib/storage.ts';
import type { SignInOutcome } from '../api/start-session.ts';

/**
 * Where a sign-in goes next: the code page when one is needed, else `next`, else the place the
 * account works in (staff their panel, customers the dashboard).
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  return (outcome: SignInOutcome) => {
    if ('twoFactorToken' in outcome) {
      void navigate(twoStepPath(outcome.twoFactorToken, next));
      return;
    }
    const reseller = outcome.user.reseller === 1;
    const home = homeFor(outcome.user.role, reseller);
    // The panel switch remembers the panel in use; landing in one counts as choosing it.
    if (home === staffPaths.admin.dashboard) storage.showAdmin.set(true);
    if (home === staffPaths.support.trialpage) storage.showSupport.set(true);
    // A reseller's `next` in the customer area would only bounce it to its panel: it goes there at once.
    void navigate(reseller && next && !next.startsWith(paths.resellerPanel.root) ? home : (next ?? home), {
      replace: true,
    });
  };
}
