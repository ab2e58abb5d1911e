import type { FormEvent } from 'react';
import { PLANTIME_OPERATIONS, planTime } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { usePlanTime } from '../api/admin-subscriptions.ts';
import { ToolForm } from './tool-form.tsx';

const bodySchema = planTime.body!;
const OPERATION_LABELS = { add: 'Add', subtract: 'Subtract' } as const;

/** Spec §4: add or subtract days from the end (timeToAdd, operationType). */
export function PlanTimeForm({ subscriptionId }: { subscriptionId: string }) {
  const form = useForm({ timeToAdd: '', operationType: 'add' });
  const change = usePlanTime(subscriptionId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = form.values.timeToAdd.trim();
    const parsed = form.parse(bodySchema, {
      timeToAdd: text === '' ? undefined : Number(text),
      operationType: form.values.operationType,
    });
    if (!parsed) return;
    change.mutate(parsed, {
      onSuccess: () => {
        void notify('success', planTime.message);
        form.reset();
      },
      onError: form.fail,
    });
  };

  return (
    <ToolForm
      title="Plan time"
      description="Moves the end date; the plan turns active or expired to match."
      label="Change plan time"
      formError={form.formError}
      onSubmit={submit}
      submitLabel="Apply"
      busy={change.isPending}
    >
      <Input label="Days" type="number" inputMode="numeric" min={1} step={1} {...form.field('timeToAdd')} />
      <Select label="Operation" {...form.field('operationType')}>
        {PLANTIME_OPERATIONS.map((operation) => (
          <option key={operation} value={operation}>
            {OPERATION_LABELS[operation]}
          </option>
        ))}
      </Select>
    </ToolForm>
  );
}
