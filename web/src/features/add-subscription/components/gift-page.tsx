import { useParams } from 'react-router';
import { PageHeader } from '#components/page-header.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { useAccountWho, useGiftPlans, type GiftScope } from '../api/add-subscription.ts';
import { AddSubscriptionForm } from './add-subscription-form.tsx';

/** The add-subscription screen of either panel: who it is for, then the form. */
export function GiftPage({ scope, backTo }: { scope: GiftScope; backTo: (userId: string) => string }) {
  const { userId = '' } = useParams();
  const who = useAccountWho(scope, userId);
  const plans = useGiftPlans(scope);

  if (who.isPending || plans.isPending) return <PageSpinner />;
  if (who.isError || plans.isError) return <Alert>{errorMessage(who.error ?? plans.error)}</Alert>;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Add subscription"
        description={
          scope === 'support' ? 'Give this customer a trial plan.' : 'Give this account a plan at no charge.'
        }
      />
      <Card className="mb-6">
        <CardBody className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="gift-account">
          <span className="text-sm text-slate-500 dark:text-slate-400">For</span>
          <span className="font-semibold text-slate-900 dark:text-white">{who.data.username}</span>
          <span className="min-w-0 text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">
            {who.data.email}
          </span>
        </CardBody>
      </Card>
      <AddSubscriptionForm scope={scope} userId={userId} plans={plans.data} backTo={backTo(userId)} />
    </div>
  );
}
