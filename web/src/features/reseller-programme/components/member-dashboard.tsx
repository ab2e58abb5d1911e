import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookOpen, Users } from 'lucide-react';
import type { ResellerDashboard } from '@tollgate/contract/reseller/reseller-programme';
import { buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { formatBalance, formatNumber } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { RESELLER_DOCS } from '../utils/labels.ts';
import { GbPerDayChart } from '#components/charts/gb-per-day-chart.tsx';
import { ResellerKeyCard } from './reseller-key-card.tsx';

function Tile({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <Card className="min-w-0 p-4">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-2 text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl dark:text-white">{value}</dd>
      {/* A <dl> holds only <dt>/<dd> groups: a link under the figure is part of its description. */}
      {children && <dd>{children}</dd>}
    </Card>
  );
}

const price = (value: number | null, unit: string) =>
  value === null ? 'Not offered' : `${formatBalance(value)} ${unit}`;

/**
 * A reseller's figures (spec §2 reseller dashboard): money, sub-users, traffic, prices and the key.
 * The programme member's page shows them with its top-up, sub-users and key; the reseller panel
 * (ADR 044) passes its own pages, no top-up (staff fund API accounts) and its whitelist limits.
 */
export function MemberDashboard({
  dashboard,
  topUpHref = paths.topup,
  subUsersHref = paths.subuserManagement,
  keyCard = true,
  whitelist,
  links,
}: {
  dashboard: ResellerDashboard;
  topUpHref?: string | null;
  subUsersHref?: string;
  keyCard?: boolean;
  /** Whitelisted IPs each IPv6 / datacenter plan sold may hold (ADR 021). */
  whitelist?: { ipv6: number; datacenter: number };
  /** More ways on, after "Manage sub-users". */
  links?: ReactNode;
}) {
  const { prices } = dashboard;
  const priceRows: Array<[string, string]> = [
    ['Residential', price(prices.resiprice, 'per GB')],
    ['Mobile', price(prices.mobileprice, 'per GB')],
    ['Datacenter, 1 day', price(prices.dataprice1, 'per IP')],
    ['Datacenter, 7 days', price(prices.dataprice7, 'per IP')],
    ['Datacenter, 30 days', price(prices.dataprice30, 'per IP')],
    ['Static ISP, 30 days', price(prices.ispprice, 'per IP')],
    ['Other products', `${prices.value} % off the catalogue`],
    ...(whitelist
      ? ([
          ['Whitelist, IPv6 plan', `${formatNumber(whitelist.ipv6)} IPs`],
          ['Whitelist, datacenter plan', `${formatNumber(whitelist.datacenter)} IPs`],
        ] as Array<[string, string]>)
      : []),
  ];
  const delivered = dashboard.gbPerDay.reduce((sum, day) => sum + day.gb, 0);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6" aria-label="Your reseller figures">
        <Tile label="Balance" value={formatBalance(dashboard.balance)}>
          {topUpHref && (
            <Link
              to={topUpHref}
              className="mt-1 inline-block text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              Top up
            </Link>
          )}
        </Tile>
        <Tile label="Prepaid residential GB" value={`${formatNumber(dashboard.gbvalue)} GB`} />
        <Tile label="Spend, last 30 days" value={formatBalance(dashboard.spend30d)} />
        <Tile label="Spend in all" value={formatBalance(dashboard.spendTotal)} />
        <Tile label="Sub-users" value={formatNumber(dashboard.subUsers)} />
        <Tile label="Active plans" value={formatNumber(dashboard.activePlans)} />
      </dl>
      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="min-w-0 xl:col-span-2">
          <CardHeader
            title="GB delivered per day"
            description={`Your sub-users' plans, last 30 days: ${formatNumber(Math.round(delivered * 100) / 100)} GB`}
          />
          <CardBody>
            <GbPerDayChart days={dashboard.gbPerDay} title="GB delivered per day" />
          </CardBody>
        </Card>
        <Card className="min-w-0">
          <CardHeader title="Your prices" description="What your orders cost, as agreed with us." />
          <CardBody>
            <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
              {priceRows.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-3 py-2 first:pt-0 last:pb-0">
                  <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                  <dd className="text-right font-medium text-slate-900 tabular-nums dark:text-white">{value}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
      </div>
      {keyCard && <ResellerKeyCard apiKey={dashboard.apiKey} />}
      <div className="flex flex-wrap gap-3">
        <Link to={subUsersHref} className={buttonClass('primary', 'md')}>
          <Users className="size-4" aria-hidden="true" />
          Manage sub-users
        </Link>
        {links}
        <Link to={RESELLER_DOCS} className={buttonClass('outline', 'md')}>
          <BookOpen className="size-4" aria-hidden="true" />
          Reseller API docs
        </Link>
      </div>
    </div>
  );
}
