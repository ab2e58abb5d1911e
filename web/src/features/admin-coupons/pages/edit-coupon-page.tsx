import { useParams } from 'react-router';
import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useAdminCoupon } from '../api/admin-coupons.ts';
import { CouponForm } from '../components/coupon-form.tsx';
import { formValuesOf } from '../utils/coupon-form-values.ts';

export default function EditCouponPage() {
  const { couponId = '' } = useParams();
  const coupon = useAdminCoupon(couponId);
  if (coupon.isPending) return <PageSpinner />;
  if (coupon.error) return <ErrorState error={coupon.error} onRetry={() => void coupon.refetch()} />;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={`Edit coupon ${coupon.data.code}`} description="Changes apply to the next purchase." />
      <CouponForm key={coupon.data.id} initial={formValuesOf(coupon.data)} couponId={coupon.data.id} />
    </div>
  );
}
