import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { totpSchema } from '@tollgate/contract/auth/tokens';
import { CodeInput } from '#components/code-input.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useForm } from '#lib/use-form.ts';
import { useCompleteTwoFactor } from '../api/two-factor.ts';
import { AuthCard, authLinkClass } from '../components/auth-card.tsx';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

/** The second step of a sign-in with two-factor on: a code from the app or a backup code. */
export default function TwoStepVerificationPage() {
  const { twoFactorToken = '' } = useParams();
  const [backup, setBackup] = useState(false);
  const form = useForm({ totp: '' });
  const complete = useCompleteTwoFactor(twoFactorToken);
  const finish = useFinishSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const totp = form.checkField('totp', totpSchema);
    if (totp === undefined) return;
    complete.mutate(totp, { onSuccess: (user) => finish({ user }), onError: form.fail });
  };

  return (
    <AuthCard
      tone="info"
      icon={<ShieldCheck aria-hidden="true" />}
      title="Two-step verification"
      description={
        backup
          ? 'Enter one of the backup codes you saved when you turned on two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
      footer={
        <p>
          Trouble signing in?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Two-step verification">
        {form.formError && <Alert>{form.formError}</Alert>}
        <CodeInput
          key={backup ? 'backup' : 'app'}
          label={backup ? 'Backup code' : 'Authentication code'}
          backup={backup}
          autoFocus
          {...form.field('totp')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
          {complete.isPending && <Spinner label="Verifying" className="[&_svg]:text-white" />}
          Verify
        </Button>
        <button
          type="button"
          className={`${authLinkClass} block w-full text-center text-sm`}
          onClick={() => {
            setBackup((value) => !value);
            form.reset();
          }}
        >
          {backup ? 'Use a code from your app instead' : 'Use a backup code instead'}
        </button>
      </form>
    </AuthCard>
  );
}
