import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { ResendVerification } from '#components/resend-verification.tsx';
import { Input } from '#components/ui/input.tsx';
import { loginPath, safeNext } from '#lib/paths.ts';
import { AuthCard, authLinkClass } from '../components/auth-card.tsx';

/** After sign-up: where the link went, and a resend with the server's cooldown. */
export default function VerifyEmailPage() {
  const [search] = useSearchParams();
  const sentTo = search.get('email')?.trim() ?? '';
  const [typed, setTyped] = useState('');
  const email = sentTo || typed.trim();
  return (
    <AuthCard
      tone="info"
      icon={<MailCheck aria-hidden="true" />}
      title="Check your inbox"
      description={
        sentTo ? (
          <>
            We sent a verification link to{' '}
            <strong className="font-semibold break-all text-slate-800 dark:text-slate-100" data-testid="sent-to">
              {sentTo}
            </strong>
            . Open it to verify your account.
          </>
        ) : (
          'Enter the address you signed up with and we will send a new verification link.'
        )
      }
      footer={
        <p>
          Already verified?{' '}
          <Link to={loginPath(safeNext(search.get('next')) ?? undefined)} className={authLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <div className="space-y-4">
        {sentTo ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No mail after a few minutes? Check your spam folder, or send the link again.
          </p>
        ) : (
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
        <ResendVerification email={email} className="[&>button]:w-full" />
      </div>
    </AuthCard>
  );
}
