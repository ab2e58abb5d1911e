import { ReasonDialog } from '#components/reason-dialog.tsx';

/**
 * Deleting ends the key, the sessions and the plans at once; for a programme member (a web customer,
 * ADR 042) it ends the membership only. The reason goes to the audit log.
 */
export function DeleteResellerDialog({
  open,
  username,
  programme = false,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  username: string;
  programme?: boolean;
  busy: boolean;
  onConfirm: (reason: string, fail: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  return (
    <ReasonDialog
      open={open}
      title={programme ? `End ${username}'s membership?` : `Delete ${username}?`}
      description={
        programme
          ? 'Their reseller prices and reseller API key stop at once. They keep their customer account, balance, plans and sub-users, and may apply again.'
          : "The API key and every session stop at once and the reseller's plans end. Invoices and the ledger are kept."
      }
      label="Reason"
      hint="Kept in the audit log."
      multiline
      confirmLabel={programme ? 'End membership' : 'Delete reseller'}
      danger
      busy={busy}
      busyLabel="Deleting"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
