import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { AnnouncementsCard } from '#components/site/announcements-card.tsx';
import { DashboardStats } from '../components/dashboard-stats.tsx';
import { PlanList } from '../components/plan-list.tsx';
import { SuggestionCard } from '../components/suggestion-card.tsx';
import { VerifyEmailBanner } from '../components/verify-email-banner.tsx';

function greeting(now = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** /dashboard: balance and spend, my plans with their actions, news and the suggestion box. */
export default function DashboardPage() {
  const user = useCurrentUser();
  const dashboard = useDashboard();
  const error = user.error ?? dashboard.error;
  if (error && (!user.data || !dashboard.data))
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          void user.refetch();
          void dashboard.refetch();
        }}
      />
    );
  if (!user.data || !dashboard.data) return <PageSpinner />;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${greeting()}, ${user.data.username}`}
        description="Your plans, balance and the latest news from the team."
      />
      {!user.data.emailVerified && <VerifyEmailBanner email={user.data.email} />}
      <DashboardStats data={dashboard.data} />
      <PlanList subscriptions={dashboard.data.subscriptions} user={user.data} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <AnnouncementsCard items={dashboard.data.announcements} />
        <SuggestionCard />
      </div>
    </div>
  );
}
