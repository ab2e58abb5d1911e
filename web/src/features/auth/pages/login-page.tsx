import { Link, redirect, useSearchParams } from 'react-router';
import { paths, registerPath, safeNext } from '#lib/paths.ts';
import { storage } from '#lib/storage.ts';
import { AuthCard, authLinkClass } from '../components/auth-card.tsx';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

export function loader() {
  // Signed-in visitors have nothing to do here.
  if (storage.getToken()) return redirect(paths.dashboard);
  return null;
}

export default function LoginPage() {
  const finish = useFinishSignIn();
  const [search] = useSearchParams();
  return (
    <AuthCard
      title="Sign in to Tollgate"
      description="Use your email address or username."
      footer={
        <>
          <p>
            New to Tollgate?{' '}
            <Link to={registerPath(safeNext(search.get('next')))} className={authLinkClass}>
              Create account
            </Link>
          </p>
          <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
            By signing in you accept our{' '}
            <Link to={paths.cookiePolicy} className="underline hover:text-slate-700 dark:hover:text-slate-200">
              cookie policy
            </Link>
            .
          </p>
        </>
      }
    >
      <LoginForm onSuccess={finish} />
      <GoogleSignIn context="signin" onSuccess={finish} />
    </AuthCard>
  );
}
