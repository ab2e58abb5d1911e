import { deleteResidential, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { planFacts, planName } from '#lib/plan-identity.ts';
import { notify } from '#lib/toast.ts';
import { useRemoveSubscription } from '../api/subscription-actions.ts';

/** Takes a finished plan off the dashboard; its invoices and bill stay. */
export function RemovePlanDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const remove = useRemoveSubscription();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={`Remove ${planName(subscription)}?`}
      description={`${planFacts(subscription).join(' · ')}. It leaves your dashboard for good. Its invoices and bill stay available.`}
      confirmLabel="Remove plan"
      busyLabel="Removing"
      busy={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      // The card (and this dialog) leaves with the reloaded list, so the toast must not hang on it.
      onConfirm={() =>
        void remove.mutateAsync(subscription.id).then(
          () => {
            void notify('success', deleteResidential.message);
            onClose();
          },
          () => {},
        )
      }
    />
  );
}
