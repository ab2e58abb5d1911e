import type { DeletionPreview } from '@tollgate/contract/profile/account-deletion';
import { Alert } from '#components/ui/alert.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatBalance, formatBytes, formatDays } from '#lib/format.ts';

type Plan = DeletionPreview['plans'][number];

const whatIsLeft = (plan: Plan) =>
  [
    plan.bytesLeft === null ? `${plan.threads} threads` : `${formatBytes(plan.bytesLeft)} left`,
    `${formatDays(plan.daysLeft)} left`,
    ...(plan.autoRenew ? ['auto-renew on'] : []),
  ].join(' · ');

/**
 * What a deletion takes away, read from the server so the dialog names the real plans and the
 * real balance: used by the customer's own dialog and by staff on the accounts list.
 */
export function DeletionSummary({
  preview,
  loading,
  error,
  owner,
}: {
  preview: DeletionPreview | undefined;
  loading: boolean;
  error: string | null;
  /** "You lose" or "This account loses". */
  owner: string;
}) {
  if (loading) return <Spinner label="Loading what is lost" />;
  if (error || !preview) return <Alert>{error ?? 'Could not load what this deletion removes.'}</Alert>;
  const nothing = preview.plans.length === 0 && preview.balance === 0;
  return (
    <div className="space-y-2 rounded-lg border border-red-200 bg-red-50/60 p-3 text-sm dark:border-red-500/30 dark:bg-red-500/10">
      <p className="font-medium text-slate-900 dark:text-white">{owner} at once and for good:</p>
      {nothing ? (
        <p className="text-slate-700 dark:text-slate-300">No plans in service and no balance.</p>
      ) : (
        <ul
          aria-label="What is lost"
          tabIndex={preview.plans.length > 4 ? 0 : undefined}
          className="max-h-48 space-y-1.5 overflow-y-auto text-slate-700 dark:text-slate-300"
        >
          {preview.plans.map((plan) => (
            <li key={plan.id} className="min-w-0">
              <span className="font-medium text-slate-900 dark:text-white">{plan.title}</span>{' '}
              <span className="text-xs text-slate-500 dark:text-slate-400">#{plan.id.slice(0, 8)}</span>
              <br />
              <span>{whatIsLeft(plan)}</span>
            </li>
          ))}
          {preview.balance > 0 && (
            <li>
              Balance{' '}
              <span className="font-medium text-slate-900 dark:text-white">{formatBalance(preview.balance)}</span>, not
              paid out
            </li>
          )}
        </ul>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Proxy access ends within seconds and nothing renews. Invoices stay on record; every session signs out; the email
        and username become free.
      </p>
    </div>
  );
}
