import { useMemo, type ReactNode } from 'react';
import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Download } from 'lucide-react';
import { canSeeArea } from '@tollgate/contract/access/areas';
import type { Statistics } from '@tollgate/contract/admin/statistics';
import { PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner, Spinner } from '#components/ui/spinner.tsx';
import { downloadCsv } from '#lib/clipboard.ts';
import { formatBalance, formatBytes, formatDate, formatNumber } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { queryClient } from '#lib/query-client.ts';
import { meQueryOptions } from '#lib/session.ts';
import { storage } from '#lib/storage.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { KpiCard, percentChange, pointsChange } from '../components/kpi-card.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import {
  ActiveSubscriptionsChart,
  BandwidthChart,
  CustomersChart,
  RevenueChart,
} from '../components/statistics-charts.tsx';
import { ActiveByType, RevenueByMethod, TopCustomers, TopPlans } from '../components/statistics-tables.tsx';
import { paramsFromRange, rangeFromParams, type StatisticsRange } from '../utils/date-range.ts';
import { csvFileName, statisticsCsv } from '../utils/statistics-csv.ts';

/** Statistics is Administrator-only (spec §6); a Manager lands on User Management instead. */
export async function loader(_: LoaderFunctionArgs) {
  // Without a token the admin layout's guard redirects to sign-in; do not race it.
  if (!storage.getToken()) return null;
  const user = await queryClient.fetchQuery(meQueryOptions());
  if (!canSeeArea('Statistics', user.role)) return redirect(staffPaths.admin.accounts);
  return null;
}

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const ratePct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const rateText = (rate: number | null) => (rate === null ? '—' : ratePct.format(rate));
const runningAtEnd = (figures: Statistics['current']) =>
  Object.values(figures.series.at(-1)?.activeSubscriptions ?? {}).reduce((a, b) => a + b, 0);

function KeyFigures({ stats }: { stats: Statistics }) {
  const { current: c, previous: p } = stats;
  return (
    <section
      aria-label="Key figures"
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5 [&>*]:min-w-0"
    >
      <KpiCard
        label="Net sales"
        value={formatBalance(c.revenue.net)}
        change={percentChange(c.revenue.net, p.revenue.net)}
        hint="Purchases + renewals − refunds"
      />
      <KpiCard
        label="Cash in"
        value={formatBalance(c.revenue.cashIn)}
        change={percentChange(c.revenue.cashIn, p.revenue.cashIn)}
        hint="Deposits + card and crypto payments"
      />
      <KpiCard
        label="Deposits"
        value={formatBalance(c.revenue.deposits)}
        change={percentChange(c.revenue.deposits, p.revenue.deposits)}
      />
      <KpiCard
        label="Refunds"
        value={formatBalance(c.revenue.refunds)}
        change={percentChange(c.revenue.refunds, p.revenue.refunds)}
        goodWhenUp={false}
      />
      <KpiCard
        label="Bandwidth delivered"
        value={formatBytes(c.bandwidthBytes)}
        change={percentChange(c.bandwidthBytes, p.bandwidthBytes)}
      />
      <KpiCard label="New sign-ups" value={formatNumber(c.signups)} change={percentChange(c.signups, p.signups)} />
      <KpiCard
        label="Paying customers"
        value={formatNumber(c.payingCustomers)}
        change={percentChange(c.payingCustomers, p.payingCustomers)}
      />
      <KpiCard
        label="Running subscriptions"
        value={formatNumber(runningAtEnd(c))}
        change={percentChange(runningAtEnd(c), runningAtEnd(p))}
        hint={`${formatNumber(stats.activeNow.total)} active right now`}
      />
      <KpiCard
        label="Renewal rate"
        value={rateText(c.renewal.rate)}
        change={pointsChange(c.renewal.rate, p.renewal.rate)}
        hint={`${formatNumber(c.renewal.renewed)} of ${formatNumber(c.renewal.expired)} ending terms renewed in time`}
      />
      <KpiCard
        label="Churn rate"
        value={rateText(c.churn.rate)}
        change={pointsChange(c.churn.rate, p.churn.rate)}
        goodWhenUp={false}
        hint={`${formatNumber(c.churn.churned)} of ${formatNumber(c.churn.activeAtStart)} active customers left`}
      />
    </section>
  );
}

function ChartCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody className="px-2 sm:px-5">{children}</CardBody>
    </Card>
  );
}

export default function StatisticsPage() {
  const [params, setParams] = useSearchParams();
  // The range is read once per URL; "today" is the moment the page reads it.
  const range = useMemo(() => rangeFromParams(params, new Date()), [params]);
  const { data, isPending, isFetching, error, refetch } = useStatistics({
    from: range.from,
    to: range.to,
    granularity: range.granularity,
  });
  const change = (next: StatisticsRange) => setParams(paramsFromRange(next));

  const header = (
    <PageHeader
      title="Statistics"
      description={
        data
          ? `${day(data.current.from)} – ${day(data.current.to)} (UTC), compared with ${day(data.previous.from)} – ${day(data.previous.to)}`
          : 'Revenue, customers, subscriptions and bandwidth'
      }
      actions={
        <Button
          variant="outline"
          disabled={!data}
          onClick={() => data && downloadCsv(csvFileName(data), statisticsCsv(data))}
        >
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </Button>
      }
    />
  );
  const picker = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <RangePicker key={`${range.preset}/${range.from}/${range.to}`} range={range} onChange={change} />
      {isFetching && !isPending && <Spinner label="Updating" />}
    </div>
  );
  if (isPending)
    return (
      <div className="min-w-0 space-y-6">
        {header}
        {picker}
        <PageSpinner />
      </div>
    );
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const stats = data!;
  const chart = { series: stats.current.series, granularity: stats.granularity };
  const per = stats.granularity;
  return (
    <div className="min-w-0 space-y-6">
      {header}
      {picker}
      <KeyFigures stats={stats} />
      <ChartCard title="Revenue" description={`Deposits, purchases and renewals per ${per}; refunds below the line`}>
        <RevenueChart {...chart} />
      </ChartCard>
      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <ChartCard
          title="Sign-ups and paying customers"
          description={`New accounts and accounts that paid, per ${per}`}
        >
          <CustomersChart {...chart} />
        </ChartCard>
        <ChartCard title="Bandwidth delivered" description={`Bytes metered by the gateways, per ${per}`}>
          <BandwidthChart {...chart} />
        </ChartCard>
      </div>
      <ChartCard title="Running subscriptions" description={`By type, at the end of each ${per}`}>
        <ActiveSubscriptionsChart {...chart} />
      </ChartCard>
      <RevenueByMethod stats={stats} />
      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <TopPlans stats={stats} />
        <TopCustomers stats={stats} />
      </div>
      <ActiveByType stats={stats} />
    </div>
  );
}
