import { planInputSchema } from '@tollgate/contract/plans/plans';
import { RenewalExamples } from '#components/pricing/renewal-examples.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { usePlanRenewalPreview } from '../api/admin-plans.ts';
import { toPlanInput, type PlanFormValues } from '../utils/plan-form-values.ts';

/**
 * Staff see what customers will pay to add GB or days to this plan, with the settings table each
 * price comes from, priced by the server as the fields stand (saved or not).
 */
export function RenewalPreview({ values }: { values: PlanFormValues }) {
  const parsed = planInputSchema.safeParse(toPlanInput(values));
  // As text, so an unchanged plan is the same query key while typing pauses.
  const asked = useDebouncedValue(parsed.success ? JSON.stringify(parsed.data) : null, 500);
  const preview = usePlanRenewalPreview(asked === null ? null : JSON.parse(asked));
  if (!parsed.success) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">Complete the pricing fields to see renewal prices.</p>
    );
  }
  // Not an alert: the form's own errors are the ones to announce; this one follows the fields.
  if (preview.error && !preview.isFetching) {
    return (
      <p className="text-sm text-red-700 dark:text-red-400">
        Renewal prices could not be computed: {errorMessage(preview.error)}
      </p>
    );
  }
  if (!preview.data) return <Spinner label="Pricing renewals" />;
  if (preview.data.renewals.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No renewal can be priced with these fields.</p>;
  }
  return (
    <div aria-busy={preview.isFetching || undefined}>
      <RenewalExamples examples={preview.data.renewals} showTables />
    </div>
  );
}
