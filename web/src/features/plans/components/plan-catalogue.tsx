import { useSearchParams } from 'react-router';
import { PackageSearch } from 'lucide-react';
import { PLAN_TYPES, type Plan, type PlanType, type PublicType } from '@tollgate/contract/plans/plans';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { cn } from '#lib/cn.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { PlanCard } from './plan-card.tsx';

const isPlanType = (value: string | null): value is PlanType => PLAN_TYPES.includes(value as PlanType);

/** Plans as cards with a type filter kept in `?type=`, so a filtered view can be shared or reloaded. */
export function PlanCatalogue({
  plans,
  actionLabel,
  types: named = [],
}: {
  plans: Plan[];
  actionLabel?: string;
  /** Names and descriptions staff gave the types (Product manage). */
  types?: PublicType[] | undefined;
}) {
  const [params, setParams] = useSearchParams();
  const nameOf = (t: PlanType) => named.find((n) => n.type === t)?.name ?? PLAN_TYPE_LABELS[t];
  const requested = params.get('type');
  const types = PLAN_TYPES.filter((type) => plans.some((plan) => plan.type === type));
  const type = isPlanType(requested) && types.includes(requested) ? requested : null;
  const shown = type ? plans.filter((plan) => plan.type === type) : plans;

  if (plans.length === 0) {
    return (
      <EmptyState
        icon={PackageSearch}
        title="No plans on sale right now"
        description="New plans are added regularly. Check back soon or contact support for a custom offer."
        className="rounded-xl border border-dashed border-slate-300 dark:border-slate-700"
      />
    );
  }

  const choose = (next: PlanType | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('type', next);
        else copy.delete('type');
        return copy;
      },
      { replace: true },
    );

  const chip = (active: boolean) =>
    cn(
      'h-9 rounded-full px-4 text-sm font-medium transition-colors',
      active
        ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
        : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800',
    );

  return (
    <div className="space-y-5">
      {types.length > 1 && (
        <div role="group" aria-label="Filter by proxy type" className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={type === null}
            className={chip(type === null)}
            onClick={() => choose(null)}
          >
            All
          </button>
          {types.map((item) => (
            <button
              key={item}
              type="button"
              aria-pressed={type === item}
              className={chip(type === item)}
              onClick={() => choose(item)}
            >
              {nameOf(item)}
            </button>
          ))}
        </div>
      )}
      {type && named.find((n) => n.type === type)?.description && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{named.find((n) => n.type === type)?.description}</p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Plans">
        {shown.map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard plan={plan} actionLabel={actionLabel} typeName={nameOf(plan.type)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
