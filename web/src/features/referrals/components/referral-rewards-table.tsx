import type { ReferralReward } from '@tollgate/contract/growth/referrals';
import { Badge } from '#components/ui/badge.tsx';
import { DataTable, wholeListProps, type Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';
import { FAMILY_LABELS, percent, REWARD_STATUS } from '../utils/labels.ts';

const columns: Array<Column<ReferralReward>> = [
  {
    key: 'customer',
    header: 'Customer',
    cell: (r) => (
      <div>
        <span className="font-medium text-slate-900 dark:text-white">{r.customer}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{formatDate(r.earnedAt)}</span>
      </div>
    ),
  },
  { key: 'product', header: 'Product', cell: (r) => FAMILY_LABELS[r.productType] },
  { key: 'paid', header: 'Paid', className: 'tabular-nums md:text-right', cell: (r) => formatBalance(r.paid) },
  { key: 'rate', header: 'Rate', className: 'tabular-nums md:text-right', cell: (r) => percent(r.rate) },
  {
    key: 'reward',
    header: 'Reward',
    className: 'tabular-nums md:text-right',
    cell: (r) => <span className="font-semibold text-slate-900 dark:text-white">{formatBalance(r.amount)}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <div>
        <Badge tone={REWARD_STATUS[r.status].tone}>{REWARD_STATUS[r.status].label}</Badge>
        {r.status === 'pending' && (
          <span className="block text-xs text-slate-500 dark:text-slate-400">from {formatDate(r.availableAt)}</span>
        )}
      </div>
    ),
  },
];

/** The latest rewards, newest first: who (masked), what they paid, the rate, the reward and its state. */
export function ReferralRewardsTable({ rewards }: { rewards: ReferralReward[] }) {
  return <DataTable caption="Referral rewards" columns={columns} rowKey={(r) => r.id} {...wholeListProps(rewards)} />;
}
