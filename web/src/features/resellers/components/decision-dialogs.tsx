import { ReasonDialog } from '#components/reason-dialog.tsx';
import type { ResellerTerms } from '@tollgate/contract/admin/resellers';
import { Dialog } from '#components/ui/dialog.tsx';
import { EMPTY_RESELLER } from '../utils/reseller-form-values.ts';
import { ResellerForm } from './reseller-form.tsx';

/** Approving sets the applicant's prices with the same terms form as a new reseller (ADR 042). */
export function ApproveDialog({
  username,
  busy,
  onApprove,
  onClose,
}: {
  username: string;
  busy: boolean;
  onApprove: (terms: ResellerTerms, fail: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={`Approve ${username}?`}
      description="Their own account joins the reseller programme at these prices; they are emailed and create their API key themselves."
    >
      <ResellerForm
        mode="approve"
        initial={EMPTY_RESELLER}
        busy={busy}
        onCancel={onClose}
        onSubmit={(terms, fail) => onApprove(terms as ResellerTerms, fail)}
      />
    </Dialog>
  );
}

/** The reason is emailed to the applicant and shown on their reseller dashboard. */
export function RejectDialog({
  username,
  busy,
  onReject,
  onClose,
}: {
  username: string;
  busy: boolean;
  onReject: (reason: string, fail: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  return (
    <ReasonDialog
      open
      title={`Refuse ${username}?`}
      description="They see the reason on their reseller dashboard and by email, and may apply again."
      label="Reason"
      hint="Written to the applicant."
      multiline
      confirmLabel="Refuse application"
      danger
      busy={busy}
      busyLabel="Refusing"
      onConfirm={onReject}
      onClose={onClose}
    />
  );
}
