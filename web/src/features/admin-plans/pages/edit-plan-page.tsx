import { useParams } from 'react-router';
import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useAdminPlan } from '../api/admin-plans.ts';
import { PlanForm } from '../components/plan-form.tsx';
import { formValuesOf } from '../utils/plan-form-values.ts';

export default function EditPlanPage() {
  const { planId = '' } = useParams();
  const plan = useAdminPlan(planId);
  if (plan.isPending) return <PageSpinner />;
  if (plan.error) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={`Edit ${plan.data.title}`} description="Changes apply to new purchases and renewals." />
      <PlanForm key={plan.data.id} initial={formValuesOf(plan.data)} planId={plan.data.id} />
    </div>
  );
}
