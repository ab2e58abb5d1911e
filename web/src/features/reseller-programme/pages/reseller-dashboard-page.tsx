import { Alert } from '#components/ui/alert.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatDate } from '#lib/format.ts';
import { useProgramme } from '../api/programme.ts';
import { ApplicationForm } from '../components/application-form.tsx';
import { ApplicationSummary } from '../components/application-summary.tsx';
import { MemberDashboard } from '../components/member-dashboard.tsx';
import { ProgrammeIntro } from '../components/programme-intro.tsx';

/**
 * /dashboard/reseller-dashboard (spec §2, ADR 042): the programme and its application for a
 * customer outside it, the application while staff review it, the reason after a refusal, and
 * the member's dashboard once approved.
 */
export default function ResellerDashboardPage() {
  const programme = useProgramme();
  if (programme.error && !programme.data)
    return <ErrorState error={programme.error} onRetry={() => void programme.refetch()} />;
  if (!programme.data) return <PageSpinner />;
  const { status, application, dashboard } = programme.data;

  if (dashboard)
    return (
      <div>
        <PageHeader
          title="Reseller dashboard"
          description="Your wholesale account: balance, prices, sub-users and API key."
        />
        <MemberDashboard dashboard={dashboard} />
      </div>
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reseller programme"
        description="Sell our proxies under your own brand, at your own prices, to customers of your own."
      />
      {status === 'pending' && application ? (
        <>
          <Alert tone="info">
            Your application is being reviewed. We answer by email and here, usually within two working days.
          </Alert>
          <ApplicationSummary application={application} />
        </>
      ) : (
        <>
          {status === 'rejected' && application && (
            <Alert tone="warning">
              <span className="font-medium">
                Your application of {formatDate(application.createdAt)} was not accepted.
              </span>{' '}
              {application.reason ? `Reason: ${application.reason}` : ''} You may apply again below.
            </Alert>
          )}
          <ProgrammeIntro />
          <ApplicationForm previous={status === 'rejected' ? application?.answers : undefined} />
        </>
      )}
    </div>
  );
}
