import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useSupportAccount } from '../api/support-account.ts';
import { AccountHeader } from '../components/account-header.tsx';
import { PlansList } from '../components/plans-list.tsx';
import { SupportAccountActions } from '../components/support-account-actions.tsx';
import { useSupportPlanActions } from '../components/support-plan-actions.tsx';

/** /support/accounts/{userId}: the reduced account page of spec §6, without money. */
export default function SupportAccountPage() {
  const { userId = '' } = useParams();
  const [page, setPage] = useState(1);
  const query = useSupportAccount(userId, page);
  const plans = useSupportPlanActions(userId);
  if (query.isPending) return <PageSpinner />;
  if (query.error && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { account, subscriptions } = query.data;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <BackLink to={staffPaths.support.trialpage}>Management panel</BackLink>
        <AccountHeader account={account} />
      </div>
      <SupportAccountActions account={account} />
      <section aria-labelledby="plans-title" className="space-y-3">
        <h2 id="plans-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Plans
        </h2>
        <PlansList
          data={subscriptions}
          page={page}
          onPageChange={setPage}
          isFetching={query.isFetching}
          rowActions={plans.rowActions}
        />
      </section>
      {plans.dialogs}
    </div>
  );
}
