import type { CurrentUser } from '@tollgate/contract/auth/session';
import { setEmailSubscription } from '@tollgate/contract/profile/profile';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useEmailSubscription } from '../api/account.ts';

export function EmailPreferencesCard({ user }: { user: CurrentUser }) {
  const subscription = useEmailSubscription();
  // While saving, show the choice just made rather than flicking back.
  const checked = subscription.isPending ? (subscription.variables ?? user.emailSubscribed) : user.emailSubscribed;
  return (
    <Card>
      <CardHeader title="Email preferences" description="Account and security mail is always sent." />
      <CardBody>
        <Switch
          label="Product news and offers"
          description="New locations, features and discounts, at most a few times a month."
          checked={checked}
          disabled={subscription.isPending}
          onChange={(subscribed) =>
            subscription.mutate(subscribed, {
              onSuccess: () => void notify('success', setEmailSubscription.message),
              onError: (error) => void notify('error', errorMessage(error)),
            })
          }
        />
      </CardBody>
    </Card>
  );
}
