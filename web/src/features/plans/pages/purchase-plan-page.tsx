import { PageHeader } from '#components/page-header.tsx';
import { PlansView } from '../components/plans-view.tsx';

/** /purchase-plan: step one of buying, choosing the plan to configure. */
export default function PurchasePlanPage() {
  return (
    <>
      <PageHeader title="Purchase plan" description="Step 1 of 2: choose the plan you want to buy." />
      <PlansView actionLabel="Choose" />
    </>
  );
}
