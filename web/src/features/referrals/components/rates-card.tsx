import type { ReferralRates } from '@tollgate/contract/admin/account-page';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { FAMILY_LABELS, percent } from '../utils/labels.ts';

/** What each product family pays the referrer, and when a reward becomes claimable. */
export function RatesCard({ rates, holdDays }: { rates: ReferralRates; holdDays: number }) {
  const families = Object.keys(FAMILY_LABELS) as Array<keyof typeof FAMILY_LABELS>;
  const any = families.some((family) => rates[family] > 0);
  return (
    <Card>
      <CardHeader
        title="Your reward rates"
        description="A share of every plan your referrals buy or renew, by product."
      />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {families.map((family) => (
            <div key={family} className="rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{FAMILY_LABELS[family]}</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white">
                {percent(rates[family])}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {any
            ? `A reward waits ${holdDays === 1 ? '1 day' : `${holdDays} days`} after the payment (so a refund can land first), then you can claim it to your balance.`
            : 'Rewards are not switched on for your account yet. Contact us if you would like to join the programme.'}
        </p>
      </CardBody>
    </Card>
  );
}
