import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminDeleteAccount,
  adminDeletionPreview,
  deletionReasonSchema,
} from '@tollgate/contract/profile/account-deletion';
import { DeletionSummary } from '#components/deletion-summary.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { call } from '#lib/api-client.ts';
import { useForm } from '#lib/use-form.ts';

/** What deleting this account takes away; read each time the dialog opens. */
function useAdminDeletionPreview(userId: string | null) {
  return useQuery({
    queryKey: ['admin', 'accounts', 'deletion-preview', userId],
    queryFn: ({ signal }) => call(adminDeletionPreview, { params: { userId: userId! }, signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

function useAdminDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      call(adminDeleteAccount, { params: { userId }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
  });
}

/** The account being deleted, as both the accounts list and the account page know it. */
export interface DeletableAccount {
  id: string;
  username: string;
  email: string;
}

/**
 * Staff delete (User Management and the account page share it): names what the customer loses and
 * asks why, for the audit log.
 */
export function DeleteAccountDialog({
  account,
  onClose,
  onDeleted,
}: {
  account: DeletableAccount | null;
  onClose: () => void;
  /** After the server confirmed, e.g. to leave the deleted account's page. */
  onDeleted?: () => void;
}) {
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
          onDeleted?.();
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
