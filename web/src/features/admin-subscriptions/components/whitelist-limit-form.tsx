import type { FormEvent } from 'react';
import {
  DEFAULT_WHITELIST_LIMIT,
  setWhitelistLimit,
  type StaffSubscription,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useResetWhitelistLimit, useSetWhitelistLimit } from '../api/admin-subscriptions.ts';
import { ToolForm } from './tool-form.tsx';

// Spec §8 failure texts.
export const SET_WHITELIST_FAILED = 'Failed to set whitelist limit';
export const RESET_WHITELIST_FAILED = 'Failed to reset whitelist limit';
const MAX_LIMIT = 10_000;

/** How many IPs the customer may whitelist on this plan; null is the default. */
export function WhitelistLimitForm({ subscription }: { subscription: StaffSubscription }) {
  const form = useForm({ limit: '' });
  const set = useSetWhitelistLimit(subscription.id);
  const reset = useResetWhitelistLimit(subscription.id);
  const current =
    subscription.whitelistLimit === null ? `${DEFAULT_WHITELIST_LIMIT} (default)` : String(subscription.whitelistLimit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = form.values.limit.trim();
    const limit = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(limit >= 0 && limit <= MAX_LIMIT)) {
      form.report(undefined, { limit: `Enter a whole number from 0 to ${MAX_LIMIT.toLocaleString('en-US')}` });
      return;
    }
    form.clear();
    set.mutate(limit, {
      onSuccess: () => {
        void notify('success', setWhitelistLimit.message);
        form.reset();
      },
      onError: () => void notify('error', SET_WHITELIST_FAILED),
    });
  };

  const resetLimit = () =>
    reset.mutate(undefined, {
      onSuccess: () => void notify('success', setWhitelistLimit.message),
      onError: () => void notify('error', RESET_WHITELIST_FAILED),
    });

  return (
    <ToolForm
      title="Whitelist limit"
      description={`IPs the customer may whitelist. Now: ${current}.`}
      label="Whitelist limit"
      formError={form.formError}
      onSubmit={submit}
      submitLabel="Set limit"
      busy={set.isPending}
      extra={
        <Button variant="ghost" onClick={resetLimit} disabled={reset.isPending || subscription.whitelistLimit === null}>
          Reset to default
        </Button>
      }
    >
      <Input label="New limit" type="number" inputMode="numeric" min={0} step={1} {...form.field('limit')} />
    </ToolForm>
  );
}
