import type { FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LockKeyhole } from 'lucide-react';
import { passwordSchema } from '@tollgate/contract/auth/credentials';
import { NewPasswordFields, PASSWORDS_DIFFER } from '#components/new-password-fields.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useForm } from '#lib/use-form.ts';
import { useResetPassword } from '../api/registration.ts';
import { AuthCard, authLinkClass } from '../components/auth-card.tsx';

/**
 * Opened from the reset mail: a new password for the account; every session ends. The welcome mail
 * of a staff-created account links here too, with `?welcome=1`: then it is a first password.
 */
export default function ChangePasswordPage() {
  const { resetPasswordToken = '' } = useParams();
  const welcome = useSearchParams()[0].get('welcome') === '1';
  const navigate = useNavigate();
  const form = useForm({ password: '', confirm: '' });
  const reset = useResetPassword(resetPasswordToken);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { password, confirm } = form.values;
    const parsed = passwordSchema.safeParse(password);
    const mismatch = password && confirm !== password ? { confirm: PASSWORDS_DIFFER } : {};
    if (!parsed.success || mismatch.confirm) {
      const issues = parsed.success ? [] : parsed.error.issues.map((issue) => ({ ...issue, path: ['password'] }));
      form.invalid(issues, mismatch);
      return;
    }
    form.clear();
    reset.mutate(parsed.data, {
      onSuccess: () =>
        void navigate(welcome ? `${paths.passwordChanged}?welcome=1` : paths.passwordChanged, { replace: true }),
      onError: form.fail,
    });
  };

  return (
    <AuthCard
      tone="info"
      icon={<LockKeyhole aria-hidden="true" />}
      title={welcome ? 'Welcome! Choose your password' : 'Choose a new password'}
      description={
        welcome
          ? 'Your account is ready. Choose a password, then sign in with your email or username.'
          : 'You will be signed out on every device, then sign in with the new password.'
      }
      footer={
        <p>
          Link expired?{' '}
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Request a new one
          </Link>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={submit}
        className="space-y-5"
        aria-label={welcome ? 'Choose your password' : 'Choose a new password'}
      >
        {form.formError && <Alert>{form.formError}</Alert>}
        <NewPasswordFields
          label={welcome ? 'Password' : 'New password'}
          password={{ ...form.field('password'), autoFocus: true }}
          confirm={form.field('confirm')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
          {welcome ? 'Set password' : 'Change password'}
        </Button>
      </form>
    </AuthCard>
  );
}
