import { useState, type FormEvent } from 'react';
import { generatePath, useNavigate } from 'react-router';
import {
  createTicketBodySchema,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_CREATE_FAILED,
  TICKET_DAILY_LIMIT_MESSAGE,
} from '@tollgate/contract/tickets/tickets';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { ApiError } from '#lib/api-client.ts';
import { isNetworkError } from '#lib/form-errors.ts';
import { paths } from '#lib/paths.ts';
import { planOptionLabel } from '#lib/plan-identity.ts';
import { useForm } from '#lib/use-form.ts';
import { useCreateTicket, useMyPlans } from '../api/customer-tickets.ts';
import { AttachmentPicker, useAttachments } from './attachment-picker.tsx';

/**
 * Spec §8: a refused ticket says why only when the daily limit is the reason (the server's own
 * words); field mistakes show under their fields; anything else is 'Error creating new ticket'.
 */
export function createFailure(error: unknown): string | null {
  if (error instanceof ApiError && error.message === MESSAGES.validation) return null;
  if (error instanceof ApiError && error.message === TICKET_DAILY_LIMIT_MESSAGE) return error.message;
  if (isNetworkError(error)) return null; // logged only (rule 89)
  return TICKET_CREATE_FAILED;
}

export function NewTicketForm({ onCancel }: { onCancel: () => void }) {
  const form = useForm({ subject: '', category: '', planId: '', message: '' });
  const attachments = useAttachments('customer');
  const plans = useMyPlans();
  const create = useCreateTicket();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = createTicketBodySchema.safeParse({
      subject: form.values.subject,
      category: form.values.category || undefined,
      planId: form.values.planId || null,
      message: form.values.message,
      attachmentIds: attachments.ids,
    });
    if (!parsed.success) {
      form.invalid(parsed.error.issues);
      return;
    }
    setSending(true);
    try {
      const ticket = await create.mutateAsync(parsed.data);
      await navigate(generatePath(paths.ticket, { id: ticket._id }));
    } catch (error) {
      const failure = createFailure(error);
      if (failure) form.report(failure);
      else form.fail(error);
      setSending(false);
    }
  };

  return (
    <Card className="mb-6">
      <CardHeader title="New ticket" description="Tell us what happened; we answer by email and here." />
      <CardBody>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" aria-label="New ticket">
          <Input label="Subject" maxLength={150} autoComplete="off" {...form.field('subject')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label="Category" {...form.field('category')}>
              <option value="">Choose a category</option>
              {TICKET_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {TICKET_CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
            <Select
              label="Plan (optional)"
              hint={plans.isError ? 'Your plans could not be loaded; you can still send the ticket.' : undefined}
              {...form.field('planId')}
            >
              <option value="">Not about one plan</option>
              {(plans.data ?? []).map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {planOptionLabel(plan)}
                </option>
              ))}
            </Select>
          </div>
          <Textarea label="Message" rows={6} {...form.field('message')} />
          <AttachmentPicker attachments={attachments} />
          {form.formError && <Alert>{form.formError}</Alert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending || attachments.uploading}>
              {(sending || attachments.uploading) && (
                <Spinner label={sending ? 'Sending' : 'Uploading images'} className="[&_svg]:text-white" />
              )}
              Open ticket
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
