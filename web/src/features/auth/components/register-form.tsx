import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { registerBodySchema } from '@tollgate/contract/auth/registration';
import { NewPasswordFields, PASSWORDS_DIFFER } from '#components/new-password-fields.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useForm } from '#lib/use-form.ts';
import { useRegister } from '../api/registration.ts';

/**
 * Sign-up. `referralCode` comes prefilled from `?ref=` and stays editable; a partner code from
 * `?partner=` travels along unseen but for a note. `next` (a checked same-site path) rides on the
 * verification link so the customer comes back to the plan they chose.
 */
export function RegisterForm({
  referralCode = '',
  partnerCode = '',
  next,
  onRegistered,
}: {
  referralCode?: string;
  partnerCode?: string;
  next?: string | null;
  onRegistered: (email: string) => void;
}) {
  const form = useForm({
    username: '',
    email: '',
    password: '',
    confirm: '',
    referralCode,
    partnerCode,
    acceptTerms: '',
  });
  const registration = useRegister();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { confirm, acceptTerms, ...values } = form.values;
    const mismatch = values.password && confirm !== values.password ? { confirm: PASSWORDS_DIFFER } : {};
    const parsed = form.parse(
      registerBodySchema,
      {
        ...values,
        referralCode: values.referralCode.trim() || undefined,
        partnerCode: values.partnerCode.trim() || undefined,
        acceptTerms: acceptTerms === 'yes',
        next: next ?? undefined,
      },
      mismatch,
    );
    if (!parsed) return;
    registration.mutate(parsed, {
      onSuccess: (result) => onRegistered(result.email),
      onError: form.fail,
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Create account">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Input label="Username" autoComplete="username" autoFocus {...form.field('username')} />
      <Input label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
      <Input label="Referral code (optional)" autoComplete="off" {...form.field('referralCode')} />
      {partnerCode && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Partner code <span className="font-mono">{partnerCode}</span> will be applied.
        </p>
      )}
      {form.errors.partnerCode && <Alert>{form.errors.partnerCode}</Alert>}
      <TermsCheckbox
        checked={form.values.acceptTerms === 'yes'}
        error={form.errors.acceptTerms}
        onChange={(checked) => form.setValues((current) => ({ ...current, acceptTerms: checked ? 'yes' : '' }))}
      />
      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
        {registration.isPending && <Spinner label="Creating your account" className="[&_svg]:text-white" />}
        Create account
      </Button>
    </form>
  );
}

const legalLink =
  'font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200';

/** Required by the server too (400 naming `acceptTerms`); the texts open in a new tab so the form stays. */
function TermsCheckbox({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id="accept-terms"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'accept-terms-error' : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
        />
        <label htmlFor="accept-terms" className="text-sm text-slate-700 dark:text-slate-300">
          I accept the{' '}
          <Link to={paths.terms} target="_blank" rel="noopener" className={legalLink}>
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to={paths.acceptableUse} target="_blank" rel="noopener" className={legalLink}>
            Acceptable Use Policy
          </Link>
        </label>
      </div>
      {error && (
        <p id="accept-terms-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
