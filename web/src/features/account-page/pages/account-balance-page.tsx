import { useParams } from 'react-router';
import { BackLink, PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatBalance } from '#lib/format.ts';
import { useAdminAccount } from '../api/admin-account.ts';
import { BalanceForm } from '../components/balance-form.tsx';
import { LedgerList } from '../components/money-lists.tsx';
import { adminAccountPath } from '../utils/account-paths.ts';

/** /admin/accounts/{userId}/balance (spec §2): add or subtract with a reason, and the latest ledger rows. */
export default function AccountBalancePage() {
  const { userId = '' } = useParams();
  const query = useAdminAccount(userId);
  if (query.isPending) return <PageSpinner />;
  if (query.error && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { account } = query.data;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <BackLink to={adminAccountPath(userId)}>Back to {account.username}</BackLink>
        <PageHeader
          title={`Balance of ${account.username}`}
          description={
            <>
              Current balance{' '}
              <span className="font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="current-balance">
                {formatBalance(account.balance)}
              </span>{' '}
              · {account.email}
            </>
          }
        />
      </div>
      <BalanceForm userId={userId} balance={account.balance} />
      <section aria-labelledby="ledger-title" className="space-y-3">
        <h2 id="ledger-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Latest ledger entries
        </h2>
        <LedgerList userId={userId} />
      </section>
    </div>
  );
}
