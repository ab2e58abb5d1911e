import { Link, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';

export default function PasswordChangedPage() {
  // A staff-created account's first password (the welcome link) is "set", not "changed".
  const welcome = useSearchParams()[0].get('welcome') === '1';
  return (
    <AuthCard
      tone="success"
      icon={<CheckCircle2 aria-hidden="true" />}
      title={welcome ? 'Password set' : 'Password changed'}
      description={
        welcome
          ? 'Your password is set. Sign in with your email or username to continue.'
          : 'Your new password is set and every other session was signed out. Sign in to continue.'
      }
    >
      <Link to={paths.login} className={buttonClass('primary', 'lg', 'w-full')}>
        Sign in
      </Link>
    </AuthCard>
  );
}
