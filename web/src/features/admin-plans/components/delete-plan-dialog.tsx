import type { Plan } from '@tollgate/contract/plans/plans';
import { deletePlan } from '@tollgate/contract/plans/plans';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useDeletePlan } from '../api/admin-plans.ts';

export function DeletePlanDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const remove = useDeletePlan();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={plan !== null}
      onClose={close}
      title={`Delete ${plan?.title ?? 'plan'}?`}
      description="It leaves the catalogue at once. Subscriptions and invoices that name it keep it."
    >
      {remove.error && <Alert className="mb-4">{errorMessage(remove.error)}</Alert>}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            plan &&
            remove.mutate(plan.id, {
              onSuccess: () => {
                void notify('success', deletePlan.message);
                close();
              },
            })
          }
        >
          {remove.isPending && <Spinner label="Deleting" className="[&_svg]:text-white" />}
          Delete plan
        </Button>
      </div>
    </Dialog>
  );
}
