import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';

export default function PasswordChangedPage() {
  return (
    <AuthCard
      tone="success"
      icon={<CheckCircle2 aria-hidden="true" />}
      title="Password changed"
      description="Your new password is set and every other session was signed out. Sign in to continue."
    >
      <Link to={paths.login} className={buttonClass('primary', 'lg', 'w-full')}>
        Sign in
      </Link>
    </AuthCard>
  );
}
