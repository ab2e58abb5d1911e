import type { FormEvent } from 'react';
import { setAutoRenewStatus, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSetAutoRenewStatus, useSetAutoRenewValue } from '../api/subscription-actions.ts';
import { dayBoundsOf } from '../utils/renew-request.ts';

/** Spec §4 auto-renew: on/off plus the days each renewal adds, paid from balance when the plan ends. */
export function AutoRenewControl({ subscription }: { subscription: Subscription }) {
  const status = useSetAutoRenewStatus(subscription.id);
  const checked = status.isPending && status.variables !== undefined ? status.variables : subscription.autoRenew;
  // Only a running plan can be switched on; one that is on can always be switched off.
  const canSwitch = subscription.status === 'active' || subscription.autoRenew;

  const toggle = (on: boolean) =>
    status.mutate(on, {
      onSuccess: () => void notify('success', setAutoRenewStatus.message),
      onError: (error) => void notify('error', errorMessage(error)),
    });

  return (
    <div className="space-y-3">
      <Switch
        label="Auto-renew"
        description={canSwitch ? 'Renews from your balance when the plan ends.' : 'Renew the plan to switch this on.'}
        checked={checked}
        onChange={toggle}
        disabled={status.isPending || !canSwitch}
      />
      {checked && <RenewValueForm key={subscription.renewValue ?? 'plan'} subscription={subscription} />}
    </div>
  );
}

function RenewValueForm({ subscription }: { subscription: Subscription }) {
  const save = useSetAutoRenewValue(subscription.id);
  const form = useForm({ renewvalue: subscription.renewValue === null ? '' : String(subscription.renewValue) });
  const { min, max } = dayBoundsOf(subscription);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = form.values.renewvalue.trim();
    const days = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(days >= min && days <= max)) {
      form.report(undefined, { renewvalue: `Choose between ${min} and ${max} days` });
      return;
    }
    form.clear();
    save.mutate(days, { onError: form.fail });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Auto-renew days" className="flex items-start gap-2">
      <Input
        label="Days per renewal"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        placeholder="Plan length"
        className="w-full max-w-[12rem]"
        {...form.field('renewvalue')}
        error={form.errors.renewvalue ?? form.formError}
      />
      <Button type="submit" variant="outline" className="mt-7" disabled={save.isPending}>
        Save
      </Button>
    </form>
  );
}
