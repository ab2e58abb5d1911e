import type { FormEvent } from 'react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { deleteMyAccount } from '@tollgate/contract/profile/profile';
import { CodeInput } from '#components/code-input.tsx';
import { DeleteAccountForm } from '#components/delete-account-form.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { endSession } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useDeleteAccount, useMyDeletionPreview } from '../api/account.ts';

/**
 * Names what goes (plans with what is left, the balance), then asks for the password, or the
 * username for accounts without one (Google), and with two-factor on a current or backup code.
 */
export function DeleteAccountDialog({
  user,
  open,
  onClose,
}: {
  user: CurrentUser;
  open: boolean;
  onClose: () => void;
}) {
  const form = useForm({ confirmation: '', code: '' });
  const remove = useDeleteAccount(user.id);
  const preview = useMyDeletionPreview(user.id, open);
  const { confirmation, code } = form.values;
  const needsCode = preview.data?.twoFactorEnabled ?? user.twoFactorEnabled;
  const confirmed = user.hasPassword ? confirmation.length > 0 : confirmation.trim() === user.username;
  const ready = confirmed && (!needsCode || code.trim().length > 0) && preview.isSuccess;

  const close = () => {
    form.reset();
    remove.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const identity = user.hasPassword ? { password: confirmation } : { confirmUsername: confirmation.trim() };
    remove.mutate(needsCode ? { ...identity, code: code.trim() } : identity, {
      onSuccess: () => {
        // Spec §4: storage cleared, light theme, /login.
        endSession(paths.login);
        void notify('info', deleteMyAccount.message);
      },
      onError: form.fail,
    });
  };

  return (
    <Dialog open={open} onClose={close} title="Delete your account?" description="This cannot be undone.">
      <DeleteAccountForm
        preview={preview}
        owner="You lose"
        formError={form.formError}
        onSubmit={submit}
        onCancel={close}
        pending={remove.isPending}
        ready={ready}
      >
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
        {needsCode && (
          <CodeInput
            label="Authenticator code or backup code"
            hint="Two-factor is on: enter the current 6-digit code, or one of your backup codes."
            backup={/[a-z-]/i.test(code)}
            {...form.field('code')}
          />
        )}
      </DeleteAccountForm>
    </Dialog>
  );
}
