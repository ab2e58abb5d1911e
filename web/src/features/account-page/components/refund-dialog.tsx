import { useState, type FormEvent } from 'react';
import {
  REFUND_MODE_LABELS,
  REFUND_MODES,
  refundReasonSchema as reasonSchema,
  type RefundMode,
} from '@tollgate/contract/checkout/refunds';
import type { Invoice } from '@tollgate/contract/checkout/invoices';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatBalance } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useRefundInvoice } from '../api/growth.ts';

/** Refund a paid purchase or renewal once, to the balance or as recorded at the provider (ADR 032). */
export function RefundDialog({
  userId,
  invoice,
  onClose,
}: {
  userId: string;
  invoice: Invoice | null;
  onClose: () => void;
}) {
  const form = useForm({ reason: '' });
  const [mode, setMode] = useState<RefundMode>('balance');
  const refund = useRefundInvoice(userId);
  const close = () => {
    form.reset();
    setMode('balance');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = form.checkField('reason', reasonSchema);
    if (!invoice || reason === undefined) return;
    refund.mutate(
      { invoiceId: invoice.id, mode, reason },
      {
        onSuccess: () => {
          void notify('success', `${invoice.number} refunded`);
          close();
        },
        onError: form.fail,
      },
    );
  };
  return (
    <Dialog
      open={invoice !== null}
      onClose={close}
      title={`Refund ${invoice?.number ?? ''}`}
      description={`${formatBalance(invoice?.total ?? 0)} for ${invoice?.description ?? ''}. A referral reward it earned is taken back; the plan stays as it is.`}
    >
      <form noValidate onSubmit={submit} aria-label="Refund invoice" className="space-y-4">
        {form.formError && <Alert>{form.formError}</Alert>}
        <Select label="How the money goes back" value={mode} onChange={(e) => setMode(e.target.value as RefundMode)}>
          {REFUND_MODES.map((m) => (
            <option key={m} value={m}>
              {REFUND_MODE_LABELS[m]}
            </option>
          ))}
        </Select>
        <Input label="Reason (kept in the audit trail)" autoComplete="off" {...form.field('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={refund.isPending}>
            {refund.isPending && <Spinner label="Refunding" className="[&_svg]:text-white" />}
            Refund
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
