import { Link, useLocation } from 'react-router';
import { MailCheck } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { AuthCard, authLinkClass } from '../components/auth-card.tsx';

export default function ForgotPasswordSentPage() {
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <AuthCard
      tone="success"
      icon={<MailCheck aria-hidden="true" />}
      title="Check your email"
      description={
        typeof email === 'string' ? (
          <>
            If an account exists for{' '}
            <strong className="font-semibold break-all text-slate-800 dark:text-slate-100">{email}</strong>, a link to
            reset your password is on its way.
          </>
        ) : (
          'If an account exists for that email, a link to reset your password is on its way.'
        )
      }
      footer={
        <p>
          No mail after a few minutes?{' '}
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Try again
          </Link>
        </p>
      }
    >
      <div className="space-y-4 text-sm text-slate-600 dark:text-slate-400">
        <p>The link works once and expires soon. Check your spam folder if you cannot find it.</p>
        <Link to={paths.login} className={buttonClass('primary', 'lg', 'w-full')}>
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
