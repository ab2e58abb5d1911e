import type { FormEvent } from 'react';
import type { AccountListItem } from '@tollgate/contract/admin/accounts';
import { adminDeleteAccount, deletionReasonSchema } from '@tollgate/contract/profile/account-deletion';
import { DeletionSummary } from '#components/deletion-summary.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useAdminDeleteAccount, useAdminDeletionPreview } from '../api/delete-account.ts';

/** Staff delete: names what the customer loses and asks why, for the audit log. */
export function DeleteAccountDialog({ account, onClose }: { account: AccountListItem | null; onClose: () => void }) {
  const form = useForm({ reason: '' });
  const remove = useAdminDeleteAccount();
  const preview = useAdminDeletionPreview(account?.id ?? null);

  const close = () => {
    form.reset();
    remove.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    const reason = form.checkField('reason', deletionReasonSchema);
    if (reason === undefined) return;
    remove.mutate(
      { userId: account.id, reason },
      {
        onSuccess: () => {
          void notify('success', adminDeleteAccount.message);
          close();
        },
        onError: form.fail,
      },
    );
  };

  return (
    <Dialog
      open={account !== null}
      onClose={close}
      title={`Delete ${account?.username ?? 'account'}?`}
      description={account ? `${account.email}. This cannot be undone.` : undefined}
    >
      <form noValidate onSubmit={submit} aria-label="Delete account" className="space-y-4">
        <DeletionSummary
          preview={preview.data}
          loading={preview.isPending}
          error={preview.error ? errorMessage(preview.error) : null}
          owner="This account loses"
        />
        {form.formError && <Alert>{form.formError}</Alert>}
        <Input label="Reason (kept in the site logs)" autoComplete="off" {...form.field('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending || !preview.isSuccess}>
            {remove.isPending && <Spinner label="Deleting" className="[&_svg]:text-white" />}
            Delete account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
