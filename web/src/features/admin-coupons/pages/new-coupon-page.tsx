import { PageHeader } from '#components/page-header.tsx';
import { CouponForm } from '../components/coupon-form.tsx';
import { EMPTY_COUPON } from '../utils/coupon-form-values.ts';

export default function NewCouponPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="New coupon" description="It works as soon as it is saved." />
      <CouponForm initial={EMPTY_COUPON} />
    </div>
  );
}
