import { deleteCoupon, type Coupon } from '@tollgate/contract/plans/coupons';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
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
    <Dialog
      open={coupon !== null}
      onClose={close}
      title={`Delete coupon ${coupon?.code ?? ''}?`}
      description="It stops working at once. Invoices that used it keep their discount."
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
            coupon &&
            remove.mutate(coupon.id, {
              onSuccess: () => {
                void notify('success', deleteCoupon.message);
                close();
              },
            })
          }
        >
          {remove.isPending && <Spinner label="Deleting" className="[&_svg]:text-white" />}
          Delete coupon
        </Button>
      </div>
    </Dialog>
  );
}
