import { Link, useParams } from 'react-router';
import { PackageX } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { saleOf } from '#lib/price-tiers.ts';
import { useCurrentUser } from '#lib/session.ts';
import { usePublicPlans, useTrialPlans } from '../api/get-plans.ts';
import { AddToExisting } from '../components/add-to-existing.tsx';
import { PurchaseForm } from '../components/purchase-form.tsx';

export default function PurchasePage() {
  const { planId = '', value = '1' } = useParams();
  const user = useCurrentUser();
  const plans = usePublicPlans();
  const trials = useTrialPlans();
  const failed = user.error ?? plans.error;
  if (failed) {
    return (
      <ErrorState
        error={failed}
        onRetry={() => {
          void user.refetch();
          void plans.refetch();
        }}
      />
    );
  }
  if (!user.data || !plans.data || trials.isPending) return <PageSpinner />;

  const plan = [...plans.data, ...(trials.data ?? [])].find((item) => item.id === planId);
  if (!plan) {
    return (
      <EmptyState
        icon={PackageX}
        title="This plan is not on sale"
        description="It may have been hidden or removed. Choose another plan from the catalogue."
        action={
          <Link to={paths.plans} className={buttonClass('primary')}>
            See plans
          </Link>
        }
      />
    );
  }
  const amount = Number(value);
  return (
    <>
      <PageHeader
        title={`Buy ${plan.title}`}
        description="Step 2 of 2: choose the amount, length and location, then pay."
        actions={
          <Link to={paths.purchasePlan} className={buttonClass('outline', 'sm')}>
            Change plan
          </Link>
        }
      />
      {saleOf(plan).unit === 'GB' && (
        <div className="mb-6">
          <AddToExisting plan={plan} user={user.data} />
        </div>
      )}
      <PurchaseForm
        key={plan.id}
        plan={plan}
        user={user.data}
        value={Number.isInteger(amount) && amount >= 1 ? amount : 1}
      />
    </>
  );
}
