import { useState, type FormEvent, type ReactNode } from 'react';
import { Send } from 'lucide-react';
import { ticketMessageBodySchema } from '@tollgate/contract/tickets/tickets';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { cn } from '#lib/cn.ts';
import { useForm } from '#lib/use-form.ts';
import type { TicketScope } from '../api/attachments.ts';
import { AttachmentPicker, useAttachments } from './attachment-picker.tsx';

/**
 * Writing into a ticket: the message, up to three images, and what the caller adds (the staff's
 * note switch). `send` rejects with the server's error, which the form shows.
 */
export function ReplyForm({
  scope,
  label,
  submitLabel,
  send,
  extra,
  tone = 'default',
}: {
  scope: TicketScope;
  label: string;
  submitLabel: string;
  send: (body: { message: string; attachmentIds: string[] }) => Promise<unknown>;
  extra?: ReactNode;
  /** Internal notes are written on amber, as they are shown. */
  tone?: 'default' | 'note';
}) {
  const form = useForm({ message: '' });
  const attachments = useAttachments(scope);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = form.checkField('message', ticketMessageBodySchema);
    if (message === undefined || sending) return;
    setSending(true);
    try {
      await send({ message, attachmentIds: attachments.ids });
      form.reset();
      attachments.reset();
    } catch (error) {
      form.fail(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className={cn(
        'space-y-4 rounded-xl border p-4 shadow-sm sm:p-5',
        tone === 'note'
          ? 'border-amber-300 bg-amber-50/70 dark:border-amber-500/40 dark:bg-amber-500/5'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
      aria-label={label}
      aria-busy={sending || undefined}
    >
      {extra}
      <Textarea label={label} rows={5} {...form.field('message')} />
      <AttachmentPicker attachments={attachments} />
      {form.formError && <Alert>{form.formError}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={sending || attachments.uploading} className="w-full sm:w-auto">
          {sending || attachments.uploading ? (
            <Spinner label={sending ? 'Sending' : 'Uploading images'} className="[&_svg]:text-white" />
          ) : (
            <Send className="size-4" aria-hidden="true" />
          )}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
