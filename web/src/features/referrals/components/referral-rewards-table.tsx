import type { ReferralReward } from '@tollgate/contract/growth/referrals';
import { Badge } from '#components/ui/badge.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';
import { FAMILY_LABELS, percent, REWARD_STATUS } from '../utils/labels.ts';

/** The latest rewards, newest first: who (masked), what they paid, the rate, the reward and its state. */
export function ReferralRewardsTable({ rewards }: { rewards: ReferralReward[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Referral rewards</caption>
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="px-5 py-2.5 font-medium">
              Customer
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Product
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              Paid
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              Rate
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              Reward
            </th>
            <th scope="col" className="px-5 py-2.5 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rewards.map((reward) => {
            const status = REWARD_STATUS[reward.status];
            return (
              <tr key={reward.id}>
                <td className="px-5 py-3">
                  <span className="font-medium text-slate-900 dark:text-white">{reward.customer}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {formatDate(reward.earnedAt)}
                  </span>
                </td>
                <td className="px-3 py-3 text-slate-600 dark:text-slate-300">{FAMILY_LABELS[reward.productType]}</td>
                <td className="px-3 py-3 text-right text-slate-600 tabular-nums dark:text-slate-300">
                  {formatBalance(reward.paid)}
                </td>
                <td className="px-3 py-3 text-right text-slate-600 tabular-nums dark:text-slate-300">
                  {percent(reward.rate)}
                </td>
                <td className="px-3 py-3 text-right font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatBalance(reward.amount)}
                </td>
                <td className="px-5 py-3">
                  <Badge tone={status.tone}>{status.label}</Badge>
                  {reward.status === 'pending' && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      from {formatDate(reward.availableAt)}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
