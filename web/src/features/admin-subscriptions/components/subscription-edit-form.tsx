import type { FormEvent } from 'react';
import { updateSubscription, type StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import type { FieldErrors } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useUpdateSubscription, type SubscriptionUpdate } from '../api/admin-subscriptions.ts';
import { changesOf, editValuesOf, fromLocalInput, type EditField } from '../utils/edit-values.ts';
import { STATUS_LABELS } from './subscription-status-badge.tsx';

// The contract's own body schema (defined for this endpoint, so never undefined).
const bodySchema = updateSubscription.body!;
const EDITABLE_STATUSES = ['active', 'expired', 'cancelled'] as const;
const number = { type: 'number', inputMode: 'numeric', step: 1 } as const;

/** PATCH /admin/subscriptions/{id} with only the fields that changed; audited by the server. */
export function SubscriptionEditForm({ subscription }: { subscription: StaffSubscription }) {
  const initial = editValuesOf(subscription);
  const form = useForm(initial);
  const save = useUpdateSubscription(subscription.id);
  const { field, values } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(initial, values);
    if (Object.keys(changes).length === 0) {
      form.report('Nothing has changed.');
      return;
    }
    const extra: FieldErrors<EditField> = {};
    for (const key of ['bandwidth', 'threads', 'renewValue'] as const)
      if (Number.isNaN(changes[key])) extra[key] = 'Enter a whole number';
    if ('expiresAt' in changes && fromLocalInput(values.expiresAt) === undefined)
      extra.expiresAt = 'Give the end as a date and time';
    const parsed = form.parse(bodySchema, changes, extra);
    if (!parsed) return;
    save.mutate(parsed as SubscriptionUpdate, {
      onSuccess: () => void notify('success', updateSubscription.message),
      onError: form.fail,
    });
  };

  return (
    <Card>
      <CardHeader title="Edit subscription" description="Only the fields you change are saved." />
      <CardBody>
        <form noValidate onSubmit={submit} aria-label="Edit subscription" className="space-y-5">
          {form.formError && <Alert>{form.formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label="Country" autoComplete="off" hint="Two-letter code, e.g. US." {...field('country')} />
            <Select label="Status" {...field('status')}>
              {subscription.status === 'pending' && (
                <option value="pending" disabled>
                  {STATUS_LABELS.pending} (activates when paid)
                </option>
              )}
              {EDITABLE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
            <Input label="Bandwidth (GB, total)" min={0} {...number} {...field('bandwidth')} />
            <Input label="Threads" min={0} {...number} {...field('threads')} />
            <Input
              label="Ends at"
              type="datetime-local"
              hint="Your local time."
              className="sm:col-span-2"
              {...field('expiresAt')}
            />
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Switch
              label="Auto-renew"
              description="Renews from the customer's balance when the plan ends."
              checked={values.autoRenew === 'true'}
              onChange={(on) => form.setValues((current) => ({ ...current, autoRenew: String(on) }))}
            />
            <Input
              label="Renew value (days)"
              min={1}
              placeholder="Plan length"
              hint="Empty: the plan's own length."
              {...number}
              {...field('renewValue')}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              Save changes
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
