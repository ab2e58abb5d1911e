import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminDeleteAccount,
  adminDeletionPreview,
  deletionReasonSchema,
} from '@tollgate/contract/profile/account-deletion';
import { DeleteAccountForm } from '#components/delete-account-form.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
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
      <DeleteAccountForm
        preview={preview}
        owner="This account loses"
        formError={form.formError}
        onSubmit={submit}
        onCancel={close}
        pending={remove.isPending}
        ready={preview.isSuccess}
      >
        <Input label="Reason (kept in the site logs)" autoComplete="off" {...form.field('reason')} />
      </DeleteAccountForm>
    </Dialog>
  );
}
