import { Link } from 'react-router';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Alert } from '#components/ui/alert.tsx';
import { formatBalance, formatDate, formatDays } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { useNextRenewal } from '../api/plan-details.ts';

/**
 * What auto-renew will take and when, priced by the server as the renewal job prices it, and a
 * warning while the balance cannot cover it (the plan would then simply end).
 */
export function NextRenewalNote({ subscription, balance }: { subscription: Subscription; balance: number }) {
  const next = useNextRenewal(subscription.id, subscription.autoRenew, [
    subscription.renewValue,
    subscription.expiresAt,
    balance,
  ]);
  const data = next.data;
  if (!subscription.autoRenew || !data) return null;
  if (data.problem) {
    return (
      <Alert tone="warning" title="The next renewal would not go through">
        {data.problem}
      </Alert>
    );
  }
  if (data.amount === null || !data.chargeAt) return null;
  const charge = (
    <>
      <strong className="font-semibold">{formatBalance(data.amount)}</strong> for {formatDays(data.days)} on{' '}
      <time dateTime={data.chargeAt}>{formatDate(data.chargeAt)}</time>
    </>
  );
  if (data.covered) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="next-renewal">
        Next charge: {charge}, from your balance.
      </p>
    );
  }
  return (
    <Alert tone="warning" title="Your balance does not cover the next renewal">
      <span data-testid="next-renewal">
        Next charge: {charge}. Your balance is {formatBalance(data.balance)}.{' '}
        <Link to={paths.topup} className="font-medium underline underline-offset-2">
          Top up
        </Link>{' '}
        before then or the plan ends on {formatDate(data.expiresAt)}.
      </span>
    </Alert>
  );
}
