import { useState, type FormEvent } from 'react';
import { staffReasonSchema } from '@tollgate/contract/admin/accounts';
import type { ResellerTerms } from '@tollgate/contract/admin/resellers';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { errorMessage } from '#lib/form-errors.ts';
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
  error,
  onReject,
  onClose,
}: {
  username: string;
  busy: boolean;
  error: unknown;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffReasonSchema.safeParse(reason);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message);
    setInvalid(undefined);
    onReject(parsed.data);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Refuse ${username}?`}
      description="They see the reason on their reseller dashboard and by email, and may apply again."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
        <Textarea
          label="Reason"
          hint="Written to the applicant."
          value={reason}
          error={invalid}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy && <Spinner label="Refusing" className="[&_svg]:text-white" />}
            Refuse application
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
