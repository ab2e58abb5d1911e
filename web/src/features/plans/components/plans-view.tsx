import { Sparkles } from 'lucide-react';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { usePublicPlans, usePublicPlanTypes, useTrialPlans } from '../api/get-plans.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanCatalogue } from './plan-catalogue.tsx';

/** The catalogue with its trial offers on top; shared by /plans and the /purchase-plan picker. */
export function PlansView({ actionLabel }: { actionLabel?: string }) {
  const plans = usePublicPlans();
  const trials = useTrialPlans();
  const types = usePublicPlanTypes();
  if (plans.isPending) return <PageSpinner />;
  if (plans.error) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  const trialPlans = trials.data ?? [];
  return (
    <div className="space-y-10">
      {trialPlans.length > 0 && (
        <section aria-labelledby="trial-plans">
          <h2
            id="trial-plans"
            className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
          >
            <Sparkles className="size-5 text-amber-500" aria-hidden="true" />
            Trial plans
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Trial plans">
            {trialPlans.map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard plan={plan} actionLabel={actionLabel} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="all-plans">
        <h2 id="all-plans" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          {trialPlans.length > 0 ? 'All plans' : <span className="sr-only">All plans</span>}
        </h2>
        <PlanCatalogue plans={plans.data} actionLabel={actionLabel} types={types.data} />
      </section>
    </div>
  );
}
