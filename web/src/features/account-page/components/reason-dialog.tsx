import type { FormEvent } from 'react';
import { staffReasonSchema } from '@tollgate/contract/admin/accounts';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useForm } from '#lib/use-form.ts';

/** Confirms a change of access and asks why, for the audit trail; the reason is required. */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
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
        <Input label="Reason (kept in the audit trail)" autoComplete="off" {...form.field('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {busy && <Spinner label="Saving" className="[&_svg]:text-white" />}
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
