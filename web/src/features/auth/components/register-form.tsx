import type { FormEvent } from 'react';
import { registerBodySchema } from '@tollgate/contract/auth/registration';
import { NewPasswordFields, PASSWORDS_DIFFER } from '#components/new-password-fields.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useForm } from '#lib/use-form.ts';
import { useRegister } from '../api/registration.ts';

/**
 * Sign-up. `referralCode` comes prefilled from `?ref=` and stays editable; a partner code from
 * `?partner=` travels along unseen but for a note.
 */
export function RegisterForm({
  referralCode = '',
  partnerCode = '',
  onRegistered,
}: {
  referralCode?: string;
  partnerCode?: string;
  onRegistered: (email: string) => void;
}) {
  const form = useForm({ username: '', email: '', password: '', confirm: '', referralCode, partnerCode });
  const registration = useRegister();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...values } = form.values;
    const parsed = registerBodySchema.safeParse({
      ...values,
      referralCode: values.referralCode.trim() || undefined,
      partnerCode: values.partnerCode.trim() || undefined,
    });
    const mismatch = values.password && confirm !== values.password ? { confirm: PASSWORDS_DIFFER } : {};
    if (!parsed.success || mismatch.confirm) {
      form.invalid(parsed.success ? [] : parsed.error.issues, mismatch);
      return;
    }
    form.clear();
    registration.mutate(parsed.data, {
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
      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
        {registration.isPending && <Spinner label="Creating your account" className="[&_svg]:text-white" />}
        Create account
      </Button>
    </form>
  );
}
