import type { CurrentUser } from '@tollgate/contract/auth/session';
import { setEmailSubscription } from '@tollgate/contract/profile/profile';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useEmailSubscription, type EmailChoice } from '../api/account.ts';

/** The optional mail a customer chooses; receipts and security notices have no switch. */
export function EmailPreferencesCard({ user }: { user: CurrentUser }) {
  const subscription = useEmailSubscription();
  // While saving, show the choice just made rather than flicking back.
  const pending = subscription.isPending ? subscription.variables : undefined;
  const save = (choice: EmailChoice) =>
    subscription.mutate(choice, {
      onSuccess: () => void notify('success', setEmailSubscription.message),
      onError: (error) => void notify('error', errorMessage(error)),
    });
  return (
    <Card>
      <CardHeader
        title="Email preferences"
        description="Receipts, payment and plan-change notices and security alerts are always sent."
      />
      <CardBody className="space-y-5">
        <Switch
          label="Plan reminders"
          description="Before a plan ends, and when its bandwidth runs low (10 % or 1 GB left)."
          checked={pending?.reminders ?? user.emailReminders}
          disabled={subscription.isPending}
          onChange={(reminders) => save({ reminders })}
        />
        <Switch
          label="Product news and offers"
          description="New locations, features and discounts, at most a few times a month. Off until you turn it on."
          checked={pending?.subscribed ?? user.emailSubscribed}
          disabled={subscription.isPending}
          onChange={(subscribed) => save({ subscribed })}
        />
      </CardBody>
    </Card>
  );
}
