import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { AccountSummary } from '../components/account-summary.tsx';
import { AnnouncementsCard } from '../components/announcements-card.tsx';
import { VerifyEmailBanner } from '../components/verify-email-banner.tsx';

function greeting(now = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export default function DashboardPage() {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${greeting()}, ${user.username}`}
        description="Here is an overview of your account and the latest news from the team."
      />
      {!user.emailVerified && <VerifyEmailBanner email={user.email} />}
      <AccountSummary user={user} />
      <AnnouncementsCard />
    </div>
  );
}
