import { Link, useParams } from 'react-router';
import { verifyAccountConversion } from '@tollgate/contract/auth/social';
import { buttonClass } from '#components/ui/button.tsx';
import { call } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import { useOnce } from '#lib/use-once.ts';
import { LinkResult } from '../components/link-result.tsx';

/** Opened from the mail that joins Google sign-in to an existing account. */
export default function VerifyAccountConversionPage() {
  const { verifyToken = '' } = useParams();
  const outcome = useOnce(`account-conversion:${verifyToken}`, () =>
    call(verifyAccountConversion, { params: { token: verifyToken } }),
  );
  const signIn = (
    <Link to={paths.login} className={buttonClass('primary', 'lg')}>
      Go to sign in
    </Link>
  );
  return (
    <LinkResult
      outcome={outcome}
      pendingTitle="Linking Google sign-in"
      success={() => ({
        title: 'Google sign-in linked',
        description: verifyAccountConversion.message,
        actions: signIn,
      })}
      failure={(message) => ({
        title: 'We could not link Google sign-in',
        description: message,
        actions: signIn,
      })}
    />
  );
}
