import type { FormEvent } from 'react';
import { staffReasonSchema } from '@tollgate/contract/admin/accounts';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { useForm } from '#lib/use-form.ts';

/**
 * Confirms a staff action and asks why (the staff reason rules); the reason is required. It goes to
 * the audit trail, or to the customer where `hint` says so (a refused application).
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  danger,
  busy,
  busyLabel = 'Saving',
  label = 'Reason (kept in the audit trail)',
  hint,
  multiline = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  busyLabel?: string;
  label?: string;
  /** Where the reason goes, under the field. */
  hint?: string;
  /** A textarea, for reasons someone will read in full. */
  multiline?: boolean;
  /** Called with the checked reason; `fail` shows the server's refusal in the dialog. */
  onConfirm: (reason: string, fail: (error: unknown) => void) => void;
  onClose: () => void;
}) {
  const form = useForm({ reason: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = form.checkField('reason', staffReasonSchema);
    if (reason === undefined) return;
    onConfirm(reason, form.fail);
  };
  return (
    <Dialog open={open} onClose={close} title={title} description={description}>
      <form noValidate onSubmit={submit} aria-label={title} className="space-y-4">
        {form.formError && <Alert>{form.formError}</Alert>}
        {multiline ? (
          <Textarea label={label} hint={hint} {...form.field('reason')} />
        ) : (
          <Input label={label} hint={hint} autoComplete="off" {...form.field('reason')} />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {busy && <Spinner label={busyLabel} className="[&_svg]:text-white" />}
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
