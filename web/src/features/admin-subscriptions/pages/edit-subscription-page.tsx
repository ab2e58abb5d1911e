import { generatePath, Link, useParams } from 'react-router';
import { UserRound } from 'lucide-react';
import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { BackLink, PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useAdminSubscription } from '../api/admin-subscriptions.ts';
import { AddBandwidthForm } from '../components/add-bandwidth-form.tsx';
import { PlanTimeForm } from '../components/plan-time-form.tsx';
import { SubscriptionDetails } from '../components/subscription-details.tsx';
import { SubscriptionEditForm } from '../components/subscription-edit-form.tsx';
import { SubscriptionTools } from '../components/subscription-tools.tsx';
import { SubscriptionTrafficCards } from '../components/subscription-traffic.tsx';
import { WhitelistLimitForm } from '../components/whitelist-limit-form.tsx';
import { staffPaths } from '#lib/staff-paths.ts';

/** The edit form starts again from the server's answer whenever a tool changes what it shows. */
const formKey = (s: StaffSubscription) =>
  [s.country, s.bandwidth, s.threads, s.expiresAt, s.status, s.autoRenew, s.renewValue].join('|');

/**
 * /admin/subscriptions/edit/{subscriptionId} (spec §2): details with a way to the customer's account,
 * usage and whitelist, the edit form and the staff tools.
 */
export default function EditSubscriptionPage() {
  const { subscriptionId = '' } = useParams();
  const query = useAdminSubscription(subscriptionId);
  if (query.isPending) return <PageSpinner />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const subscription = query.data;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <BackLink to={staffPaths.admin.subscriptions}>All subscriptions</BackLink>
        <PageHeader
          title={`Subscription of ${subscription.account.username}`}
          description={`${subscription.planTitle} · ${subscription.account.email}`}
          actions={
            <Link
              to={generatePath(staffPaths.admin.account, { userId: subscription.account.id })}
              className={buttonClass('secondary', 'sm')}
            >
              <UserRound className="size-4" aria-hidden="true" />
              Customer account
            </Link>
          }
        />
      </div>
      <SubscriptionDetails subscription={subscription} />
      <SubscriptionTrafficCards subscription={subscription} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SubscriptionEditForm key={formKey(subscription)} subscription={subscription} />
        <SubscriptionTools subscription={subscription} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <AddBandwidthForm subscriptionId={subscription.id} />
        <PlanTimeForm subscriptionId={subscription.id} />
        <WhitelistLimitForm subscription={subscription} />
      </div>
    </div>
  );
}
