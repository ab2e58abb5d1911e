import { deletePlan, type Plan } from '@tollgate/contract/plans/plans';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      open={plan !== null}
      onClose={close}
      title={`Delete ${plan?.title ?? 'plan'}?`}
      description="It leaves the catalogue at once. Subscriptions and invoices that name it keep it."
      confirmLabel="Delete plan"
      busyLabel="Deleting"
      busy={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onConfirm={() =>
        plan &&
        remove.mutate(plan.id, {
          onSuccess: () => {
            void notify('success', deletePlan.message);
            close();
          },
        })
      }
    />
  );
}
