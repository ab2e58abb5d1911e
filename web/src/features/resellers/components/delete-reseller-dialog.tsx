import { useState, type FormEvent } from 'react';
import { staffReasonSchema } from '@tollgate/contract/admin/accounts';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { errorMessage } from '#lib/form-errors.ts';

/**
 * Deleting ends the key, the sessions and the plans at once; for a programme member (a web customer,
 * ADR 042) it ends the membership only. The reason goes to the audit log.
 */
export function DeleteResellerDialog({
  open,
  username,
  programme = false,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  username: string;
  programme?: boolean;
  busy: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffReasonSchema.safeParse(reason);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message);
    setInvalid(undefined);
    onConfirm(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={programme ? `End ${username}'s membership?` : `Delete ${username}?`}
      description={
        programme
          ? 'Their reseller prices and reseller API key stop at once. They keep their customer account, balance, plans and sub-users, and may apply again.'
          : "The API key and every session stop at once and the reseller's plans end. Invoices and the ledger are kept."
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
        <Textarea
          label="Reason"
          hint="Kept in the audit log."
          value={reason}
          error={invalid}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy && <Spinner label="Deleting" className="[&_svg]:text-white" />}
            {programme ? 'End membership' : 'Delete reseller'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
