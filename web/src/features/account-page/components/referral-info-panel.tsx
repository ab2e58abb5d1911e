import { generatePath, Link } from 'react-router';
import { REFERRAL_REFUSAL_LABELS, type ReferralInfo } from '@tollgate/contract/growth/referrals';
import { Badge } from '#components/ui/badge.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { DataTable, wholeListProps, type Column } from '#components/ui/data-table.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatBalance, formatDate, formatNumber } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { useReferralInfo } from '../api/growth.ts';

const FAMILIES = [
  ['residential', 'Residential'],
  ['datacenter', 'Datacenter'],
  ['isp', 'ISP'],
  ['ipv6', 'IPv6'],
  ['mobile', 'Mobile'],
] as const;
const STATUS_TONES = { pending: 'warning', claimable: 'success', claimed: 'brand', reversed: 'neutral' } as const;
const STATUS_LABELS = { pending: 'Pending', claimable: 'Claimable', claimed: 'Claimed', reversed: 'Refunded' } as const;
const heading = 'mb-2 text-sm font-semibold text-slate-900 dark:text-white';
const accountLink = (userId: string) => generatePath(staffPaths.admin.account, { userId });

const referralColumns: Array<Column<ReferralInfo['referrals'][number]>> = [
  {
    key: 'who',
    header: 'Referral',
    cell: (r) => (
      <Link to={accountLink(r.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
        {r.username}
        <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{r.email}</span>
      </Link>
    ),
  },
  { key: 'at', header: 'Signed up', className: 'whitespace-nowrap', cell: (r) => formatDate(r.signedUpAt) },
  {
    key: 'counts',
    header: 'Counts',
    cell: (r) =>
      r.refused ? (
        <Badge tone="danger">{REFERRAL_REFUSAL_LABELS[r.refused]}</Badge>
      ) : (
        <Badge tone="success">Counts</Badge>
      ),
  },
  { key: 'orders', header: 'Paid orders', className: 'tabular-nums', cell: (r) => formatNumber(r.paidInvoices) },
  { key: 'paid', header: 'Paid', className: 'tabular-nums', cell: (r) => formatBalance(r.paid) },
  { key: 'earned', header: 'Earned', className: 'tabular-nums', cell: (r) => formatBalance(r.earned) },
];

const rewardColumns: Array<Column<ReferralInfo['rewards'][number]>> = [
  { key: 'who', header: 'From', cell: (r) => r.customer },
  { key: 'paid', header: 'Paid', className: 'tabular-nums', cell: (r) => `${formatBalance(r.paid)} × ${r.rate}%` },
  { key: 'amount', header: 'Reward', className: 'tabular-nums', cell: (r) => formatBalance(r.amount) },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <div>
        <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
        {r.shortfall > 0 && (
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {formatBalance(r.shortfall)} not recovered
          </span>
        )}
      </div>
    ),
  },
  { key: 'at', header: 'Earned', className: 'whitespace-nowrap', cell: (r) => formatDate(r.earnedAt) },
];

/** Who brought this account, whom it brought, what that earned and what it claimed (getrefferalinfo). */
export function ReferralInfoPanel({ userId }: { userId: string }) {
  const info = useReferralInfo(userId);
  if (info.isPending) return <Spinner label="Loading referral info" />;
  if (info.error) return <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  const d = info.data;
  const s = d.stats;
  const figures: Array<[string, string]> = [
    ['Sign-ups', formatNumber(s.signUps)],
    ['Paying', formatNumber(s.payingReferrals)],
    ['Earned', formatBalance(s.earned)],
    ['Pending', formatBalance(s.pending)],
    ['Claimable', formatBalance(s.claimable)],
    ['Claimed', formatBalance(s.claimed)],
    ['Refunded', formatBalance(s.reversed)],
    ['Owed back', formatBalance(s.owed)],
  ];
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Referral programme"
          description={
            d.referredBy ? (
              <>
                Referred by{' '}
                <Link to={accountLink(d.referredBy.id)} className="text-brand-700 hover:underline dark:text-brand-300">
                  {d.referredBy.username}
                </Link>
                {d.referredBy.refused &&
                  ` (${REFERRAL_REFUSAL_LABELS[d.referredBy.refused].toLowerCase()}: earns nothing)`}
              </>
            ) : (
              'Signed up without a referral.'
            )
          }
          action={
            <Link to={generatePath(staffPaths.admin.editAccount, { userId })} className={buttonClass('outline', 'sm')}>
              Edit rates
            </Link>
          }
        />
        <CardBody className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Code <span className="font-mono font-semibold text-slate-900 dark:text-white">{d.code}</span> · rewards held{' '}
            {d.holdDays} days · {FAMILIES.map(([key, label]) => `${label} ${d.rates[key]}%`).join(' · ')}
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {figures.map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <section>
        <h3 className={heading}>Accounts it referred</h3>
        <DataTable
          caption="Referred accounts"
          columns={referralColumns}
          rowKey={(r) => r.id}
          {...wholeListProps(d.referrals)}
          emptyTitle="Nobody signed up through this account's link yet"
        />
      </section>
      <section>
        <h3 className={heading}>Rewards it earned</h3>
        <DataTable
          caption="Referral rewards"
          columns={rewardColumns}
          rowKey={(r) => r.id}
          {...wholeListProps(d.rewards)}
          emptyTitle="No referral rewards yet"
        />
      </section>
      {d.claims.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Claims:{' '}
          {d.claims
            .map(
              (c) =>
                `${formatDate(c.createdAt)} ${formatBalance(c.credited)}${c.setOff > 0 ? ` (+${formatBalance(c.setOff)} set off)` : ''}`,
            )
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
