import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { passwordSchema } from '@tollgate/contract/auth/credentials';
import { changePassword } from '@tollgate/contract/profile/profile';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { NewPasswordFields, PASSWORDS_DIFFER } from '#components/new-password-fields.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useReloadSessions } from '../api/security.ts';
import { useChangePassword } from '../api/basic-profile.ts';

function PasswordForm() {
  const form = useForm({ currentPassword: '', newPassword: '', confirm: '' });
  const change = useChangePassword();
  const reloadSessions = useReloadSessions();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...body } = form.values;
    const parsed = passwordSchema.safeParse(body.newPassword);
    const extra = {
      ...(body.currentPassword ? {} : { currentPassword: 'Enter your current password' }),
      ...(body.newPassword && confirm !== body.newPassword ? { confirm: PASSWORDS_DIFFER } : {}),
    };
    if (!parsed.success || Object.keys(extra).length > 0) {
      const issues = parsed.success ? [] : parsed.error.issues.map((issue) => ({ ...issue, path: ['newPassword'] }));
      form.invalid(issues, extra);
      return;
    }
    form.clear();
    change.mutate(body, {
      onSuccess: () => {
        form.reset();
        void notify('success', changePassword.message);
        void reloadSessions();
      },
      onError: form.fail,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Change password" className="space-y-4">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Input
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <NewPasswordFields label="New password" password={form.field('newPassword')} confirm={form.field('confirm')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
          Change password
        </Button>
      </div>
    </form>
  );
}

export function PasswordCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader title="Password" description="Changing it signs out your other sessions." />
      <CardBody>
        {user.hasPassword ? (
          <PasswordForm />
        ) : (
          <Alert tone="info" title="You sign in with Google">
            This account has no password yet. To set one, use{' '}
            <Link to={paths.forgotPassword} className="font-medium underline underline-offset-2">
              Forgot password
            </Link>{' '}
            and follow the link we mail to {user.email}.
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
