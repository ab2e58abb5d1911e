import { useNavigate, useSearchParams } from 'react-router';
import { paths, safeNext, twoStepPath } from '#lib/paths.ts';
import type { SignInOutcome } from '../api/start-session.ts';

/** Where a sign-in goes next: the code page when one is needed, else `next` or the dashboard. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  return (outcome: SignInOutcome) => {
    if ('twoFactorToken' in outcome) void navigate(twoStepPath(outcome.twoFactorToken, next));
    else void navigate(next ?? paths.dashboard, { replace: true });
  };
}
