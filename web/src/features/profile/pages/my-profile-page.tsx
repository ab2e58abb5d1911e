import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { ApiKeysCard } from '../components/api-keys-card.tsx';
import { AvatarCard } from '../components/avatar-card.tsx';
import { BasicProfileCard } from '../components/basic-profile-card.tsx';
import { DangerZoneCard } from '../components/danger-zone-card.tsx';
import { DiscordCard } from '../components/discord-card.tsx';
import { EmailPreferencesCard } from '../components/email-preferences-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';
import { AlertsCard } from '../components/automation/alerts-card.tsx';
import { AutoTopupCard } from '../components/automation/auto-topup-card.tsx';
import { DeliveriesCard } from '../components/automation/deliveries-card.tsx';
import { WebhooksCard } from '../components/automation/webhooks-card.tsx';

/** /my-profile, titled Settings: each card loads and saves on its own. */
export default function MyProfilePage() {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  return (
    <div>
      <PageHeader
        title="Settings"
        description="Your profile, sign-in security, email preferences, API keys, alerts, webhooks and auto top-up."
      />
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
          <ApiKeysCard />
          <DangerZoneCard user={user} />
        </div>
      </div>
      <section id="alerts" aria-labelledby="alerts-heading" className="mt-10 space-y-6">
        <div>
          <h2 id="alerts-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Alerts and webhooks
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Hear about usage, plan ends and your balance before they cost you, by mail or in your own systems.
          </p>
        </div>
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <AlertsCard />
          <WebhooksCard />
        </div>
        <DeliveriesCard />
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <AutoTopupCard />
        </div>
      </section>
    </div>
  );
}
