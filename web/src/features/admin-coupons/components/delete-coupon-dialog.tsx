import { deleteCoupon, type Coupon } from '@tollgate/contract/plans/coupons';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useDeleteCoupon } from '../api/admin-coupons.ts';

export function DeleteCouponDialog({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const remove = useDeleteCoupon();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={coupon !== null}
      onClose={close}
      title={`Delete coupon ${coupon?.code ?? ''}?`}
      description="It stops working at once. Invoices that used it keep their discount."
      confirmLabel="Delete coupon"
      busyLabel="Deleting"
      busy={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onConfirm={() =>
        coupon &&
        remove.mutate(coupon.id, {
          onSuccess: () => {
            void notify('success', deleteCoupon.message);
            close();
          },
        })
      }
    />
  );
}
