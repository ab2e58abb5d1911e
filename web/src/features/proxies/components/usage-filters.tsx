import type { FormEvent } from 'react';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { planOptionLabel } from '#lib/plan-identity.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { useForm } from '#lib/use-form.ts';
import {
  customRange,
  dateInputValue,
  GRANULARITIES,
  GRANULARITY_LABELS,
  RANGE_LABELS,
  RANGE_PRESETS,
  type Granularity,
  type RangePreset,
  type UsageRange,
} from '../utils/usage-range.ts';
import { SegmentedControl } from './segmented-control.tsx';

const STATUS_LABELS: Record<Subscription['status'], string> = {
  active: 'active',
  expired: 'expired',
  pending: 'pending',
  cancelled: 'cancelled',
};

/** Two plans of one product differ by name, id, proxy username and purchase date (planOptionLabel). */
const planLabel = (subscription: Subscription) =>
  `${planOptionLabel(subscription)} · ${PLAN_TYPE_LABELS[subscription.type]} · ${STATUS_LABELS[subscription.status]}`;

/** Start and end dates of a custom period, applied together. */
function CustomRangeForm({ onApply }: { onApply: (range: UsageRange) => void }) {
  const today = new Date();
  const form = useForm({
    from: dateInputValue(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6)),
    to: dateInputValue(today),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = customRange(form.values.from, form.values.to);
    if (!result.ok) {
      form.report(undefined, { [result.field]: result.message });
      return;
    }
    form.clear();
    onApply(result.range);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Custom period" className="flex flex-wrap items-start gap-3">
      <Input label="From" type="date" max={form.values.to} className="w-full sm:w-44" {...form.field('from')} />
      <Input label="To" type="date" min={form.values.from} className="w-full sm:w-44" {...form.field('to')} />
      <Button type="submit" variant="outline" className="sm:mt-7">
        Apply
      </Button>
    </form>
  );
}

export function UsageFilters({
  subscriptions,
  subscriptionId,
  onSubscription,
  preset,
  onPreset,
  granularity,
  onGranularity,
  onCustomRange,
}: {
  subscriptions: Subscription[];
  subscriptionId: string;
  onSubscription: (id: string) => void;
  preset: RangePreset;
  onPreset: (preset: RangePreset) => void;
  granularity: Granularity;
  onGranularity: (granularity: Granularity) => void;
  onCustomRange: (range: UsageRange) => void;
}) {
  const known = subscriptions.some((subscription) => subscription.id === subscriptionId);
  return (
    <Card>
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-end gap-4">
          <Select
            label="Plan"
            value={subscriptionId}
            onChange={(event) => onSubscription(event.target.value)}
            className="w-full lg:w-[36rem]"
          >
            {!known && <option value={subscriptionId}>Plan {subscriptionId.slice(0, 8)}</option>}
            {subscriptions.map((subscription) => (
              <option key={subscription.id} value={subscription.id}>
                {planLabel(subscription)}
              </option>
            ))}
          </Select>
          <SegmentedControl
            legend="Period"
            options={RANGE_PRESETS}
            labels={RANGE_LABELS}
            value={preset}
            onChange={onPreset}
          />
          <SegmentedControl
            legend="Granularity"
            options={GRANULARITIES}
            labels={GRANULARITY_LABELS}
            value={granularity}
            onChange={onGranularity}
          />
        </div>
        {preset === 'custom' && <CustomRangeForm onApply={onCustomRange} />}
      </CardBody>
    </Card>
  );
}
