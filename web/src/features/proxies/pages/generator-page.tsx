import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useGenerator } from '../api/generator.ts';
import { ConnectionCard } from '../components/connection-card.tsx';
import { GuideLinks } from '../components/guide-links.tsx';
import { ListBuilder } from '../components/list-builder.tsx';
import { PlanHeader } from '../components/plan-header.tsx';
import { UsernameHelp } from '../components/username-help.tsx';
import { WhitelistCard } from '../components/whitelist-card.tsx';
import { isPlanExpired, useLeaveExpiredPlan } from '../utils/plan-expired.ts';

/**
 * /generator/{subscriptionId} and /dashboard/generator/{subscriptionId}: how to connect to one plan,
 * who may connect without a password, its default targeting, and proxy lists to download.
 */
export default function GeneratorPage() {
  const { subscriptionId = '' } = useParams();
  const generator = useGenerator(subscriptionId);
  const leaveExpired = useLeaveExpiredPlan();
  const expired = isPlanExpired(generator.error);

  useEffect(() => {
    if (expired) leaveExpired(generator.error);
  }, [expired, generator.error, leaveExpired]);

  if (generator.error && !generator.data) {
    if (expired) return <PageSpinner />;
    return <ErrorState error={generator.error} onRetry={() => void generator.refetch()} />;
  }
  if (!generator.data) return <PageSpinner />;
  const data = generator.data;
  return (
    <div className="space-y-6">
      <PlanHeader subscription={data.subscription} />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <ConnectionCard subscriptionId={subscriptionId} data={data} />
        <WhitelistCard subscriptionId={subscriptionId} config={data.config} />
      </div>
      <ListBuilder subscriptionId={subscriptionId} data={data} />
      <UsernameHelp username={data.username} />
      <GuideLinks subscriptionId={subscriptionId} />
    </div>
  );
}
