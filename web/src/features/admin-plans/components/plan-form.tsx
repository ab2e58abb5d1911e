import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { createPlan, PLAN_STATUSES, PLAN_TYPES, planInputSchema, updatePlan } from '@tollgate/contract/plans/plans';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSavePlan } from '../api/admin-plans.ts';
import { toPlanInput, type PlanFormValues } from '../utils/plan-form-values.ts';
import { tierTextError } from '#lib/tier-rows.ts';
import { RenewalPreview } from './renewal-preview.tsx';
import { TierEditor } from '#components/tier-editor.tsx';

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody className="grid gap-4 sm:grid-cols-2">{children}</CardBody>
    </Card>
  );
}

const number = { type: 'number', inputMode: 'numeric' } as const;

/** Every spec §3 plan field, checked with the contract's planInputSchema before it is sent. */
export function PlanForm({ initial, planId }: { initial: PlanFormValues; planId?: string }) {
  const form = useForm(initial);
  const save = useSavePlan(planId);
  const navigate = useNavigate();
  const { field, values } = form;
  const flag = (key: 'trial' | 'customPlan' | 'supportshow') => ({
    checked: values[key] === 'true',
    onChange: (on: boolean) => form.setValues((current) => ({ ...current, [key]: String(on) })),
  });
  const tiers = (key: 'bandwidthPrices' | 'threadPrices') => ({
    text: values[key],
    error: form.errors[key],
    onChange: (text: string) => form.setValues((current) => ({ ...current, [key]: text })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tierErrors = Object.fromEntries(
      (['bandwidthPrices', 'threadPrices'] as const).flatMap((key) => {
        const error = tierTextError(values[key]);
        return error ? [[key, error]] : [];
      }),
    );
    const parsed = form.parse(planInputSchema, toPlanInput(values), tierErrors);
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        void notify('success', planId ? updatePlan.message : createPlan.message);
        void navigate(staffPaths.admin.plans);
      },
      onError: form.fail,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={planId ? 'Edit plan' : 'New plan'} className="space-y-6">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Section title="Basics">
        <Input label="Title" className="sm:col-span-2" {...field('title')} />
        <Select label="Type" {...field('type')}>
          {PLAN_TYPES.map((type) => (
            <option key={type} value={type}>
              {PLAN_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
        <Input label="Provider" hint="The upstream that delivers the proxies." {...field('provider')} />
        <Input label="Residential type" hint="E.g. rotating or static; optional." {...field('residentialType')} />
        <Textarea label="Description" rows={3} className="sm:col-span-2" {...field('description')} />
      </Section>
      <Section title="Pricing" description="Tiers price per GB or per thread; a plan without tiers is a fixed package.">
        <Input
          label="Package price ($)"
          inputMode="decimal"
          hint="The price for the whole duration when the plan has no tiers."
          {...field('price')}
        />
        <div className="hidden sm:block" />
        <div className="sm:col-span-2">
          <TierEditor label="Bandwidth prices" unit="GB" {...tiers('bandwidthPrices')} />
        </div>
        <div className="sm:col-span-2">
          <TierEditor label="Thread prices" unit="thread" {...tiers('threadPrices')} />
        </div>
      </Section>
      <Section title="Duration" description="Prices are for the duration; other lengths pay their share.">
        <Input label="Duration (days)" {...number} {...field('duration')} />
        <div className="hidden sm:block" />
        <Input label="Minimum renewal days" {...number} {...field('minRenewDays')} />
        <Input label="Maximum renewal days" {...number} {...field('maxRenewDays')} />
      </Section>
      <Section
        title="What renewals cost"
        description="What customers pay to add GB or days later: the renewal tables in settings when set, else this plan's own prices."
      >
        <div className="sm:col-span-2">
          <RenewalPreview values={values} />
        </div>
      </Section>
      <Section title="Capacity">
        <Input label="Bandwidth (GB)" hint="0 when sold per GB or by threads." {...number} {...field('bandwidth')} />
        <Input label="Throughput (Mbps)" hint="0 for unlimited." {...number} {...field('throughput')} />
        <Input label="Threads" {...number} {...field('threads')} />
        <Input label="Current threads" {...number} {...field('currentThreads')} />
      </Section>
      <Section title="Geography">
        <Input label="Server location" hint="Shown on the plan card, e.g. Worldwide." {...field('serverGeo')} />
        <Textarea
          label="Country choices"
          rows={2}
          hint="Offered at purchase: comma-separated codes (US, DE) or a JSON list. Empty offers every country."
          {...field('serverGeoOptions')}
        />
      </Section>
      <Section title="Visibility">
        <Select label="Status" {...field('status')}>
          {PLAN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status === 'active' ? 'Active (on sale)' : 'Inactive (hidden)'}
            </option>
          ))}
        </Select>
        <Input label="Order" hint="Lower numbers are listed first." {...number} {...field('order')} />
        <div className="space-y-4 sm:col-span-2">
          <Switch label="Trial plan" description="Listed under Trial plans." {...flag('trial')} />
          <Switch label="Custom plan" description="Its tiers are offered as custom prices." {...flag('customPlan')} />
          <Switch label="Show to support" description="Support staff may assign it." {...flag('supportshow')} />
        </div>
      </Section>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={() => void navigate(staffPaths.admin.plans)}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
          {planId ? 'Save changes' : 'Create plan'}
        </Button>
      </div>
    </form>
  );
}
