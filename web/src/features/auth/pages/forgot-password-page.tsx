import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { emailSchema } from '@tollgate/contract/auth/credentials';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useForm } from '#lib/use-form.ts';
import { useForgotPassword } from '../api/registration.ts';
import { AuthCard, authLinkClass } from '../components/auth-card.tsx';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useForm({ email: '' });
  const request = useForgotPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(form.values.email);
    if (!parsed.success) {
      form.invalid(parsed.error.issues.map((issue) => ({ ...issue, path: ['email'] })));
      return;
    }
    form.clear();
    request.mutate(parsed.data, {
      onSuccess: () => void navigate(paths.forgotPasswordSent, { state: { email: parsed.data } }),
      onError: form.fail,
    });
  };

  return (
    <AuthCard
      tone="info"
      icon={<KeyRound aria-hidden="true" />}
      title="Forgot your password?"
      description="Enter your account's email and we will send you a link to choose a new one."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Reset password">
        {form.formError && <Alert>{form.formError}</Alert>}
        <Input label="Email" type="email" autoComplete="email" autoFocus {...form.field('email')} />
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending && <Spinner label="Sending" className="[&_svg]:text-white" />}
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
