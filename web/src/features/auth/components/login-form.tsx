import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { loginBodySchema, type LoginBody } from '@tollgate/contract/auth/session';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { describeError, fieldErrorsOf, type FieldErrors } from '#lib/form-errors.ts';
import { paths } from '#lib/paths.ts';
import { useSignIn } from '../api/login.ts';
import type { SignInOutcome } from '../api/start-session.ts';
import { authLinkClass } from './auth-card.tsx';

const KEYS = ['login', 'password'] as const;
type Errors = FieldErrors<keyof LoginBody>;

export function LoginForm({ onSuccess }: { onSuccess: (outcome: SignInOutcome) => void }) {
  const [values, setValues] = useState<LoginBody>({ login: '', password: '' });
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const signIn = useSignIn();
  const server = signIn.error ? describeError(signIn.error, KEYS) : { fields: {} as Errors };
  const errors = { ...server.fields, ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse(values);
    if (!parsed.success) {
      setClientErrors(fieldErrorsOf(parsed.error.issues, KEYS).fields);
      return;
    }
    setClientErrors({});
    signIn.mutate(parsed.data, { onSuccess: (outcome) => onSuccess(outcome) });
  };

  const update = (key: keyof LoginBody) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setClientErrors((current) => ({ ...current, [key]: undefined }));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Sign in">
      {server.form && <Alert>{server.form}</Alert>}
      <Input
        label="Email or username"
        name="login"
        autoComplete="username"
        autoFocus
        value={values.login}
        onChange={update('login')}
        error={errors.login}
      />
      <div>
        <Input
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={update('password')}
          error={errors.password}
        />
        <p className="mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner label="Signing in" className="[&_svg]:text-white" />}
        Sign in
      </Button>
    </form>
  );
}
