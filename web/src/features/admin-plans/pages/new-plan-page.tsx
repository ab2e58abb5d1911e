import { PageHeader } from '#components/page-header.tsx';
import { PlanForm } from '../components/plan-form.tsx';
import { EMPTY_PLAN } from '../utils/plan-form-values.ts';

export default function NewPlanPage() {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="New plan" description="It goes on sale as soon as it is saved with the Active status." />
      <PlanForm initial={EMPTY_PLAN} />
    </div>
  );
}
