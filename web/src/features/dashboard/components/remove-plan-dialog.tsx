import { deleteResidential, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useRemoveSubscription } from '../api/subscription-actions.ts';

/** Takes a finished plan off the dashboard; its invoices and bill stay. */
export function RemovePlanDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const remove = useRemoveSubscription();
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Remove ${subscription.planTitle}?`}
      description="It leaves your dashboard for good. Its invoices and bill stay available."
    >
      {remove.error && <Alert className="mb-4">{errorMessage(remove.error)}</Alert>}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          // The card (and this dialog) leaves with the reloaded list, so the toast must not hang on it.
          onClick={() =>
            remove.mutateAsync(subscription.id).then(
              () => {
                void notify('success', deleteResidential.message);
                onClose();
              },
              () => {},
            )
          }
        >
          {remove.isPending && <Spinner label="Removing" className="[&_svg]:text-white" />}
          Remove plan
        </Button>
      </div>
    </Dialog>
  );
}
