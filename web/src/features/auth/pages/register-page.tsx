import { Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { loginPath, paths, safeNext } from '#lib/paths.ts';
import { verifyEmailPath } from '#lib/flow-paths.ts';
import { storage } from '#lib/storage.ts';
import { AuthCard, authLinkClass } from '../components/auth-card.tsx';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

export function loader() {
  if (storage.getToken()) return redirect(paths.dashboard);
  return null;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const finish = useFinishSignIn();
  const next = safeNext(search.get('next'));
  return (
    <AuthCard
      title="Create your account"
      description={
        next?.startsWith('/purchase-plan/')
          ? 'Create your account, verify your email, and you will be back on the plan you chose.'
          : 'Buy proxies, manage plans and use the API from one dashboard.'
      }
      footer={
        <p>
          Already have an account?{' '}
          <Link to={next ? loginPath(next) : paths.login} className={authLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <RegisterForm
        referralCode={search.get('ref') ?? ''}
        partnerCode={search.get('partner') ?? ''}
        next={next}
        onRegistered={(email) => void navigate(verifyEmailPath(email, next))}
      />
      <GoogleSignIn
        context="signup"
        onSuccess={finish}
        codes={{ referralCode: search.get('ref') ?? undefined, partnerCode: search.get('partner') ?? undefined }}
      />
    </AuthCard>
  );
}
