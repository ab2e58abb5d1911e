import type { FormEvent } from 'react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { deleteMyAccount } from '@tollgate/contract/profile/profile';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { endSession } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useDeleteAccount } from '../api/account.ts';

/** Confirmed with the password, or by typing the username for accounts without one (Google). */
export function DeleteAccountDialog({
  user,
  open,
  onClose,
}: {
  user: CurrentUser;
  open: boolean;
  onClose: () => void;
}) {
  const form = useForm({ confirmation: '' });
  const remove = useDeleteAccount(user.id);
  const value = form.values.confirmation;
  const ready = user.hasPassword ? value.length > 0 : value.trim() === user.username;

  const close = () => {
    form.reset();
    remove.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    remove.mutate(user.hasPassword ? { password: value } : { confirmUsername: value.trim() }, {
      onSuccess: () => {
        // Spec §4: storage cleared, light theme, /login.
        endSession(paths.login);
        void notify('info', deleteMyAccount.message);
      },
      onError: form.fail,
    });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Delete your account?"
      description="Your plans, balance, invoices and sub-users go with it. This cannot be undone."
    >
      <form noValidate onSubmit={submit} aria-label="Delete account" className="space-y-4">
        {form.formError && <Alert>{form.formError}</Alert>}
        {user.hasPassword ? (
          <Input
            label="Your password"
            type="password"
            autoComplete="current-password"
            {...form.field('confirmation')}
          />
        ) : (
          <Input
            label={`Type ${user.username} to confirm`}
            autoComplete="off"
            spellCheck={false}
            {...form.field('confirmation')}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!ready || remove.isPending}>
            {remove.isPending && <Spinner label="Deleting" className="[&_svg]:text-white" />}
            Delete account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
