import type { FormEvent } from 'react';
import { addSubscriptionBandwidth } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Input } from '#components/ui/input.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useAddBandwidth } from '../api/admin-subscriptions.ts';
import { ToolForm } from './tool-form.tsx';

const bodySchema = addSubscriptionBandwidth.body!;

/** GB at no charge; a depleted plan runs again. */
export function AddBandwidthForm({ subscriptionId }: { subscriptionId: string }) {
  const form = useForm({ bandwidth: '' });
  const add = useAddBandwidth(subscriptionId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = form.values.bandwidth.trim();
    const parsed = form.parse(bodySchema, { bandwidth: text === '' ? undefined : Number(text) });
    if (!parsed) return;
    add.mutate(parsed.bandwidth, {
      onSuccess: () => {
        void notify('success', addSubscriptionBandwidth.message);
        form.reset();
      },
      onError: form.fail,
    });
  };

  return (
    <ToolForm
      title="Add bandwidth"
      description="Free GB on top of the plan's total."
      label="Add bandwidth"
      formError={form.formError}
      onSubmit={submit}
      submitLabel="Add bandwidth"
      busy={add.isPending}
    >
      <Input label="GB to add" type="number" inputMode="numeric" min={1} step={1} {...form.field('bandwidth')} />
    </ToolForm>
  );
}
