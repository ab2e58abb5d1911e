import { resellerDeleteSubUserPlan } from '@tollgate/contract/reseller/sub-users';
import type { PlanType } from '@tollgate/contract/plans/plans';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatBalance } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import type { ResellerSource } from '../api/source.ts';
import { returnRule } from '../utils/pricing.ts';

/** What came back, in one line for the toast. */
export function returnedText(result: { returnedGb: number; returnedBalance: number }): string {
  const parts = [
    ...(result.returnedGb > 0 ? [`${result.returnedGb} GB back in your prepaid pool`] : []),
    ...(result.returnedBalance > 0 ? [`${formatBalance(result.returnedBalance)} back on your balance`] : []),
  ];
  return parts.length > 0
    ? `${resellerDeleteSubUserPlan.message}: ${parts.join(', ')}`
    : `${resellerDeleteSubUserPlan.message}: nothing to return`;
}

/** Ends a sold plan at once after saying what comes back for its product (ADR 041). */
export function DeletePlanDialog({
  remove,
  plan,
  onClose,
}: {
  /** The area's deletion of one of this sub-user's plans. */
  remove: NonNullable<ReturnType<ResellerSource['useDeletePlan']>>;
  plan: { id: string; title: string; type: PlanType } | null;
  onClose: () => void;
}) {
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={plan !== null}
      title={`Delete ${plan?.title ?? 'this plan'}?`}
      description={`The plan stops working at once for your sub-user. ${plan ? returnRule(plan.type) : ''}`}
      confirmLabel="Delete plan"
      busyLabel="Deleting"
      busy={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onConfirm={() =>
        plan &&
        remove.mutate(plan.id, {
          onSuccess: (result) => {
            void notify('success', returnedText(result));
            close();
          },
        })
      }
      onClose={close}
    />
  );
}
