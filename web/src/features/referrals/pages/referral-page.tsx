import { BadgeCheck, Clock, Coins, Gift, UserPlus, Users } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatBalance, formatNumber } from '#lib/format.ts';
import { useClaimReferralRewards, useReferralProgramme } from '../api/referrals.ts';
import { ClaimButton } from '../components/claim-button.tsx';
import { EarningsChart } from '../components/earnings-chart.tsx';
import { RatesCard } from '../components/rates-card.tsx';
import { ReferralLinkCard } from '../components/referral-link-card.tsx';
import { ReferralRewardsTable } from '../components/referral-rewards-table.tsx';
import { RefusedSignUps } from '../components/refused-sign-ups.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';

/** /referral: the customer's link, rates, what their referrals brought, and the claim. */
export default function ReferralPage() {
  const programme = useReferralProgramme();
  const claim = useClaimReferralRewards();
  if (programme.isPending) return <PageSpinner />;
  if (programme.error) return <ErrorState error={programme.error} onRetry={() => void programme.refetch()} />;
  const p = programme.data;
  const s = p.stats;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Referrals"
        description="Share your link. When the people you bring buy or renew a plan, you earn a share of it."
        actions={<ClaimButton amount={s.claimable} claim={claim} what="referral" />}
      />
      {s.owed > 0 && (
        <Alert tone="info">
          {formatBalance(s.owed)} of refunded rewards could not be taken back from your balance; it comes off your next
          claims.
        </Alert>
      )}
      <StatTiles
        label="Referral figures"
        tiles={[
          {
            label: 'Sign-ups',
            value: formatNumber(s.signUps),
            ...(s.refused > 0 && { hint: `${formatNumber(s.refused)} refused` }),
            icon: UserPlus,
            tone: tones.sky,
          },
          { label: 'Paying referrals', value: formatNumber(s.payingReferrals), icon: Users, tone: tones.violet },
          { label: 'Earned', value: formatBalance(s.earned), icon: Coins, tone: tones.brand },
          {
            label: 'Pending',
            value: formatBalance(s.pending),
            hint: `held ${p.holdDays} days`,
            icon: Clock,
            tone: tones.amber,
          },
          { label: 'Claimable', value: formatBalance(s.claimable), icon: Gift, tone: tones.emerald },
          { label: 'Claimed', value: formatBalance(s.claimed), icon: BadgeCheck, tone: tones.slate },
        ]}
      />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ReferralLinkCard link={p.link} code={p.code} qrCode={p.qrCode} />
        <RatesCard rates={p.rates} holdDays={p.holdDays} />
      </div>
      <Card>
        <CardHeader
          title="Over the last 12 months"
          description="Rewards earned and sign-ups through your link, by month."
        />
        <CardBody>
          <EarningsChart series={p.series} />
        </CardBody>
      </Card>
      <RefusedSignUps refusals={p.refusals} total={s.refused} />
      <Card>
        <CardHeader title="Rewards" description="Each payment by a referral, newest first." />
        {p.rewards.length === 0 ? (
          <EmptyState
            icon={Gift}
            title="No rewards yet"
            description="When someone who signed up through your link pays for a plan, the reward shows up here."
          />
        ) : (
          <ReferralRewardsTable rewards={p.rewards} />
        )}
      </Card>
    </div>
  );
}

const tones = {
  sky: 'text-sky-600 bg-sky-50 dark:text-sky-300 dark:bg-sky-500/15',
  violet: 'text-violet-600 bg-violet-50 dark:text-violet-300 dark:bg-violet-500/15',
  brand: 'text-brand-700 bg-brand-50 dark:text-brand-200 dark:bg-brand-500/15',
  amber: 'text-amber-700 bg-amber-50 dark:text-amber-300 dark:bg-amber-500/15',
  emerald: 'text-emerald-700 bg-emerald-50 dark:text-emerald-300 dark:bg-emerald-500/15',
  slate: 'text-slate-600 bg-slate-100 dark:text-slate-300 dark:bg-slate-800',
};
