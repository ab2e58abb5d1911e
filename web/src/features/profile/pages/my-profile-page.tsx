import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { AvatarCard } from '../components/avatar-card.tsx';
import { BasicProfileCard } from '../components/basic-profile-card.tsx';
import { DangerZoneCard } from '../components/danger-zone-card.tsx';
import { DiscordCard } from '../components/discord-card.tsx';
import { EmailPreferencesCard } from '../components/email-preferences-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';

/** /my-profile, titled Settings: each card loads and saves on its own. */
export default function MyProfilePage() {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  return (
    <div>
      <PageHeader title="Settings" description="Your profile, sign-in security and email preferences." />
      <div className="grid items-start gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-1">
          <AvatarCard user={user} />
          <EmailPreferencesCard user={user} />
          <DiscordCard />
        </div>
        <div className="space-y-6 xl:col-span-2">
          <BasicProfileCard user={user} />
          <PasswordCard user={user} />
          <TwoFactorCard />
          <SessionsCard />
          <DangerZoneCard user={user} />
        </div>
      </div>
    </div>
  );
}
