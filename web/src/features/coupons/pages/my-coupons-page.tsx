import { Link } from 'react-router';
import { TicketPercent } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useMyCoupons } from '../api/get-my-coupons.ts';
import { CouponCard } from '../components/coupon-card.tsx';

export default function MyCouponsPage() {
  const coupons = useMyCoupons();
  return (
    <>
      <PageHeader
        title="My coupons"
        description="Promotions on offer and codes made for you. Enter a code when you buy a plan."
      />
      {coupons.isPending ? (
        <PageSpinner />
      ) : coupons.error ? (
        <ErrorState error={coupons.error} onRetry={() => void coupons.refetch()} />
      ) : coupons.data.length === 0 ? (
        <EmptyState
          icon={TicketPercent}
          title="No coupons right now"
          description="When a promotion runs or we send you a personal code, it shows up here."
          className="rounded-xl border border-dashed border-slate-300 dark:border-slate-700"
          action={
            <Link to={paths.plans} className={buttonClass('outline')}>
              Browse plans
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Coupons">
          {coupons.data.map((coupon) => (
            <li key={coupon.id} className="flex">
              <CouponCard coupon={coupon} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
