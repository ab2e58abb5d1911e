import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useCurrentUser } from '#lib/session.ts';
import { useAdminAccount } from '../api/admin-account.ts';
import { AccountHeader } from '../components/account-header.tsx';
import { AccountTabs, useAccountTab } from '../components/account-tabs.tsx';
import { AuditList, SignInsList } from '../components/activity-lists.tsx';
import { AdminAccountActions } from '../components/admin-account-actions.tsx';
import { BillingDetails } from '../components/billing-details.tsx';
import { InvoicesList, LedgerList, PaymentsList } from '../components/money-lists.tsx';
import { LoyaltyPanel } from '../components/loyalty-panel.tsx';
import { PendingChangesPanel } from '../components/pending-changes-panel.tsx';
import { PlansList } from '../components/plans-list.tsx';
import { ReferralInfoPanel } from '../components/referral-info-panel.tsx';
import { SessionsList } from '../components/sessions-list.tsx';
import { subscriptionEditPath } from '../utils/account-paths.ts';

/** /admin/accounts/{userId} (spec §2): who the customer is, their money and history, and the staff actions. */
export default function AdminAccountPage() {
  const { userId = '' } = useParams();
  const [plansPage, setPlansPage] = useState(1);
  const query = useAdminAccount(userId, plansPage);
  const tab = useAccountTab();
  const me = useCurrentUser().data;
  if (query.isPending) return <PageSpinner />;
  if (query.error && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { account, subscriptions } = query.data;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <BackLink to={staffPaths.admin.accounts}>All accounts</BackLink>
        <AccountHeader
          account={account}
          money={{ balance: account.balance, spent: account.spent }}
          actions={<AdminAccountActions account={account} isSelf={me?.id === account.id} />}
        />
      </div>
      <PendingChangesPanel userId={userId} />
      <AccountTabs current={tab} />
      <section aria-label="Account section">
        {tab === 'plans' && (
          <PlansList
            data={subscriptions}
            page={plansPage}
            onPageChange={setPlansPage}
            isFetching={query.isFetching}
            linkTo={subscriptionEditPath}
          />
        )}
        {tab === 'ledger' && <LedgerList userId={userId} />}
        {tab === 'invoices' && <InvoicesList userId={userId} canRefund={me?.role === 'Administrator'} />}
        {tab === 'payments' && <PaymentsList userId={userId} />}
        {tab === 'sessions' && <SessionsList userId={userId} username={account.username} />}
        {tab === 'sign-ins' && <SignInsList userId={userId} />}
        {tab === 'audit' && <AuditList userId={userId} />}
        {tab === 'billing' && <BillingDetails account={account} />}
        {tab === 'rewards' && (
          <div className="space-y-8">
            <ReferralInfoPanel userId={userId} />
            <LoyaltyPanel userId={userId} />
          </div>
        )}
      </section>
    </div>
  );
}
