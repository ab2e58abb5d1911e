import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Plan } from '@tollgate/contract/plans/plans';
import { addSubscriptionBody } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { parseGeoOptions } from '#lib/geo-options.ts';
import { PLAN_TYPE_LABELS, saleOf } from '#lib/price-tiers.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useAddSubscription, type GiftScope } from '../api/add-subscription.ts';
import { giftBody } from '../utils/gift-body.ts';

const UNIT_FIELD = { GB: 'Bandwidth (GB)', threads: 'Threads' } as const;

/** Choose a plan; the country only where the plan offers a choice, the amount only where it is sold by units. */
export function AddSubscriptionForm({
  scope,
  userId,
  plans,
  backTo,
}: {
  scope: GiftScope;
  userId: string;
  plans: Plan[];
  backTo: string;
}) {
  const form = useForm({ plan: '', region: '', additionalField: '' });
  const add = useAddSubscription(scope, userId);
  const navigate = useNavigate();
  const { field, values } = form;
  const plan = plans.find((p) => p.id === values.plan);
  const regions = plan ? parseGeoOptions(plan.serverGeoOptions) : [];
  const unit = plan ? saleOf(plan).unit : 'package';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(addSubscriptionBody, giftBody(values, { regions: regions.length > 0, unit }));
    if (!parsed) return;
    add.mutate(parsed, {
      onSuccess: (subscription) => {
        void notify('success', `${subscription.planTitle} added to the account.`);
        void navigate(backTo);
      },
      onError: form.fail,
    });
  };

  // A new plan may have other countries and units: start those fields again.
  const planField = field('plan');
  const choosePlan: typeof planField.onChange = (event) => {
    planField.onChange(event);
    form.setValues((current) => ({ ...current, plan: event.target.value, region: '', additionalField: '' }));
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Add subscription" className="space-y-6">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Plan"
            className="sm:col-span-2"
            hint={scope === 'support' ? 'Support may give trial plans only.' : 'Given at no charge.'}
            {...planField}
            onChange={choosePlan}
          >
            <option value="">{plans.length ? 'Choose a plan' : 'No plans to give'}</option>
            {plans.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title} · {PLAN_TYPE_LABELS[option.type]}
                {option.trial ? ' · trial' : ''}
                {option.enabled ? '' : ' · hidden'}
              </option>
            ))}
          </Select>
          {plan && regions.length > 0 && (
            <Select label="Country" hint="Leave on the plan's default when unsure." {...field('region')}>
              <option value="">Plan default{plan.serverGeo ? ` (${plan.serverGeo})` : ''}</option>
              {regions.map((region) => (
                <option key={region.value} value={region.value}>
                  {region.label}
                </option>
              ))}
            </Select>
          )}
          {plan && unit !== 'package' && (
            <Input
              label={UNIT_FIELD[unit]}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="Leave empty for the plan's own amount."
              {...field('additionalField')}
            />
          )}
          {plan && (
            <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300" data-testid="plan-summary">
              {plan.duration} days
              {unit === 'package' ? ', sold as a package.' : `, sold by ${unit === 'GB' ? 'GB' : 'thread'}.`}
            </p>
          )}
        </CardBody>
      </Card>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={() => void navigate(backTo)}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending || plans.length === 0}>
          {add.isPending && <Spinner label="Adding" className="[&_svg]:text-white" />}
          Add subscription
        </Button>
      </div>
    </form>
  );
}
