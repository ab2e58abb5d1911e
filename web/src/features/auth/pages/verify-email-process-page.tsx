import { Link, useParams, useSearchParams } from 'react-router';
import { verifyEmail } from '@tollgate/contract/auth/registration';
import { buttonClass } from '#components/ui/button.tsx';
import { call } from '#lib/api-client.ts';
import { loginPath, paths, safeNext } from '#lib/paths.ts';
import { verifyEmailPath } from '#lib/flow-paths.ts';
import { isSignedIn, refreshCurrentUser } from '#lib/session.ts';
import { storage } from '#lib/storage.ts';
import { useOnce } from '#lib/use-once.ts';
import { LinkResult } from '../components/link-result.tsx';

/** Opened from the verification mail: confirms the address once, then offers the way in. */
export default function VerifyEmailProcessPage() {
  const { verifyToken = '' } = useParams();
  // Set by sign-up from the pricing page: the plan the customer chose, reached after sign-in.
  const next = safeNext(useSearchParams()[0].get('next'));
  const outcome = useOnce(`verify-email:${verifyToken}`, async () => {
    await call(verifyEmail, { params: { token: verifyToken } });
    // A signed-in visitor's cached account still says "not verified".
    if (isSignedIn()) void refreshCurrentUser();
  });
  const signedIn = isSignedIn();
  return (
    <LinkResult
      outcome={outcome}
      pendingTitle="Verifying your email"
      success={() => ({
        title: 'Email verified',
        description: next
          ? 'Your account is ready. Sign in to continue with the plan you chose.'
          : 'Your account is ready. You can now buy plans.',
        actions: signedIn ? (
          <Link to={next ?? paths.dashboard} className={buttonClass('primary', 'lg')}>
            {next ? 'Continue to your plan' : 'Go to dashboard'}
          </Link>
        ) : (
          <Link to={loginPath(next ?? undefined)} className={buttonClass('primary', 'lg')}>
            {next ? 'Sign in to continue' : 'Sign in'}
          </Link>
        ),
      })}
      failure={(message) => ({
        title: 'We could not verify your email',
        description: message,
        actions: (
          <>
            <Link to={verifyEmailPath(storage.getUser()?.email)} className={buttonClass('primary', 'lg')}>
              Send a new link
            </Link>
            <Link to={signedIn ? paths.dashboard : paths.login} className={buttonClass('outline', 'lg')}>
              {signedIn ? 'Go to dashboard' : 'Back to sign in'}
            </Link>
          </>
        ),
      })}
    />
  );
}
