import { Link } from 'react-router';
import { KeyRound, ReceiptText } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useOverview } from '../api/panel.ts';
import { MemberDashboard } from '../components/member-dashboard.tsx';

/** /reseller/panel (ADR 044): the reseller API account's figures, prices and ways on. */
export default function PanelOverviewPage() {
  const overview = useOverview();
  if (overview.error && !overview.data)
    return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <PageSpinner />;
  const data = overview.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Welcome, ${data.username}`}
        description="Your reseller account: balance, prices, sub-users and what they used. Your integration calls the reseller API."
      />
      {!data.apiKey && (
        <Alert tone="info">
          You have no API key yet: create one on the{' '}
          <Link to={paths.resellerPanel.apiKey} className="font-medium underline">
            API key
          </Link>{' '}
          page to call the reseller API. It is shown once.
        </Alert>
      )}
      <MemberDashboard
        dashboard={data}
        topUpHref={null}
        subUsersHref={paths.resellerPanel.subUsers}
        keyCard={false}
        whitelist={{ ipv6: data.ipv6white, datacenter: data.datawhite }}
        links={
          <>
            <Link to={paths.resellerPanel.orders} className={buttonClass('outline', 'md')}>
              <ReceiptText className="size-4" aria-hidden="true" />
              Orders
            </Link>
            <Link to={paths.resellerPanel.apiKey} className={buttonClass('outline', 'md')}>
              <KeyRound className="size-4" aria-hidden="true" />
              API key
            </Link>
          </>
        }
      />
    </div>
  );
}
