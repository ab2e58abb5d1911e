import type { FormEvent } from 'react';
import { PLAN_LABEL_MAX, planLabelSchema, renameSubscription } from '@tollgate/contract/subscriptions/plan-details';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { planFacts } from '#lib/plan-identity.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useRenameSubscription } from '../api/plan-details.ts';

/** A name of the customer's own, so two plans of one product read differently everywhere. */
export function RenamePlanDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const rename = useRenameSubscription(subscription.id);
  const form = useForm({ label: subscription.label ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const label = form.checkField('label', planLabelSchema);
    if (label === undefined) return;
    rename.mutate(label, {
      onSuccess: () => {
        void notify('success', renameSubscription.message);
        onClose();
      },
      onError: form.fail,
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Name ${subscription.planTitle}`}
      description={planFacts(subscription).join(' · ')}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {form.formError && <Alert>{form.formError}</Alert>}
        <Input
          label="Plan name"
          maxLength={PLAN_LABEL_MAX}
          placeholder="e.g. Scraper EU"
          hint={`Up to ${PLAN_LABEL_MAX} characters. Leave empty to show the product name.`}
          autoComplete="off"
          {...form.field('label')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
