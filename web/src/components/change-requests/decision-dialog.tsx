import type { FormEvent } from 'react';
import { decisionNoteSchema, type ChangeRequestItem } from '@tollgate/contract/admin/change-requests';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { ApiError } from '#lib/api-client.ts';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useDecideChangeRequest, type Decision } from './change-requests-api.ts';
import { formatBeforeAfter, formatChange, KIND_LABELS } from './change-request-text.ts';

/** A refusal's own words ('A change needs someone other than its requester…'), not the bare 'forbidden'. */
function refusalOf(error: unknown): string {
  const detail = error instanceof ApiError ? (error.payload as { error?: unknown } | null)?.error : undefined;
  return typeof detail === 'string' && detail !== '' ? detail : errorMessage(error);
}

/**
 * Approve or reject one change request with a note: required (3+ characters) to reject, optional to
 * approve; the requester reads it. The server's answer shows in a toast; a refusal stays in the dialog too.
 */
export function DecisionDialog({
  request,
  decision,
  onClose,
}: {
  request: ChangeRequestItem;
  decision: Decision;
  onClose: () => void;
}) {
  const form = useForm({ note: '' });
  const decide = useDecideChangeRequest();
  const approve = decision === 'approve';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const raw = form.values.note.trim();
    const note = approve && raw === '' ? '' : form.checkField('note', decisionNoteSchema);
    if (note === undefined) return;
    decide.mutate(
      { id: request.id, decision, note },
      {
        onSuccess: ({ message }) => {
          void notify('success', message);
          onClose();
        },
        onError: (error) => {
          const text = refusalOf(error);
          form.report(text);
          void notify('error', text);
        },
      },
    );
  };
  const change = `${KIND_LABELS[request.kind]} ${formatChange(request)} for ${request.accountUsername}`;
  const effect = formatBeforeAfter(request);
  return (
    <Dialog
      open
      onClose={onClose}
      title={approve ? 'Approve this change?' : 'Reject this change?'}
      description={`${change}, asked by ${request.requesterUsername}${effect ? ` (${effect})` : ''}.`}
    >
      <form
        noValidate
        onSubmit={submit}
        aria-label={approve ? 'Approve change' : 'Reject change'}
        className="space-y-4"
      >
        {form.formError && <Alert>{form.formError}</Alert>}
        {request.reason && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <span className="font-medium text-slate-900 dark:text-white">Their reason:</span> {request.reason}
          </p>
        )}
        <Textarea
          label={approve ? 'Note (optional)' : 'Note'}
          hint={`${request.requesterUsername} sees it; the audit trail keeps it.`}
          {...form.field('note')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={approve ? 'primary' : 'danger'} disabled={decide.isPending}>
            {decide.isPending && <Spinner label={approve ? 'Approving' : 'Rejecting'} className="[&_svg]:text-white" />}
            {approve ? 'Approve change' : 'Reject change'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
