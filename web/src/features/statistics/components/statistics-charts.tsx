import type { ReactElement } from 'react';
import { Area, AreaChart, Bar, BarChart, Line, LineChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { Granularity, StatisticsBucket } from '@tollgate/contract/admin/statistics';
import { formatBalance, formatBytes, formatNumber } from '#lib/format.ts';
import { CHART_MARGIN, useTimeChart } from '#components/charts/time-chart.tsx';

/*
 * recharts is imported here and only in this feature: /admin/dashboard is a lazy staff route, so the
 * chart library never reaches the public entry bundle.
 */

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function bucketLabel(start: string, granularity: Granularity) {
  const date = new Date(`${start}T00:00:00Z`);
  return granularity === 'month' ? monthLabel.format(date) : dayLabel.format(date);
}

interface ChartProps {
  series: StatisticsBucket[];
  granularity: Granularity;
}

function useChart({ series, granularity }: ChartProps) {
  const chart = useTimeChart({ dataKey: 'start', label: (start) => bucketLabel(String(start), granularity) });
  const { series: colour } = chart.theme;
  const colors = {
    deposits: colour('sky'),
    purchases: colour('indigo'),
    renewals: colour('emerald'),
    refunds: colour('red'),
    signups: colour('amber'),
    paying: colour('indigo'),
    bandwidth: colour('cyan'),
    types: (['indigo', 'pink', 'amber', 'emerald', 'sky'] as const).map(colour),
  };
  const data = series.map((b) => ({ ...b, refundsNegative: -b.refunds, ...b.activeSubscriptions }));
  return { ...chart, colors, data };
}

function Frame({ label, children }: { label: string; children: ReactElement }) {
  return (
    <div role="img" aria-label={label} className="h-[260px] w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Deposits, purchases and renewals stacked per bucket, refunds below the axis. */
export function RevenueChart(props: ChartProps) {
  const { yAxis, colors, data, grid, xAxis, tooltip, legend } = useChart(props);
  const money = (value: number) => formatBalance(value).replace(/\.00$/, '');
  return (
    <Frame label="Revenue per period by kind">
      <BarChart data={data} margin={CHART_MARGIN} stackOffset="sign">
        {grid}
        {xAxis}
        {yAxis({ tickFormatter: money, width: 72 })}
        <Tooltip {...tooltip} formatter={(value) => formatBalance(Math.abs(Number(value)))} />
        {legend}
        <Bar isAnimationActive={false} dataKey="deposits" name="Deposits" stackId="money" fill={colors.deposits} />
        <Bar isAnimationActive={false} dataKey="purchases" name="Purchases" stackId="money" fill={colors.purchases} />
        <Bar isAnimationActive={false} dataKey="renewals" name="Renewals" stackId="money" fill={colors.renewals} />
        <Bar isAnimationActive={false} dataKey="refundsNegative" name="Refunds" stackId="money" fill={colors.refunds} />
      </BarChart>
    </Frame>
  );
}

/** New sign-ups beside the accounts that paid, per bucket. */
export function CustomersChart(props: ChartProps) {
  const { countAxis, colors, data, grid, xAxis, tooltip, legend } = useChart(props);
  return (
    <Frame label="Sign-ups and paying customers per period">
      <LineChart data={data} margin={CHART_MARGIN}>
        {grid}
        {xAxis}
        {countAxis(48)}
        <Tooltip {...tooltip} formatter={(value) => formatNumber(Number(value))} />
        {legend}
        <Line
          isAnimationActive={false}
          type="monotone"
          dataKey="signups"
          name="Sign-ups"
          stroke={colors.signups}
          dot={false}
          strokeWidth={2}
        />
        <Line
          isAnimationActive={false}
          type="monotone"
          dataKey="payingCustomers"
          name="Paying customers"
          stroke={colors.paying}
          dot={false}
          strokeWidth={2}
        />
      </LineChart>
    </Frame>
  );
}

/** Bytes delivered per bucket. */
export function BandwidthChart(props: ChartProps) {
  const { bytesAxis, colors, data, grid, xAxis, tooltip } = useChart(props);
  return (
    <Frame label="Bandwidth delivered per period">
      <AreaChart data={data} margin={CHART_MARGIN}>
        {grid}
        {xAxis}
        {bytesAxis}
        <Tooltip {...tooltip} formatter={(value) => formatBytes(Number(value))} />
        <Area
          isAnimationActive={false}
          type="monotone"
          dataKey="bandwidthBytes"
          name="Delivered"
          stroke={colors.bandwidth}
          fill={colors.bandwidth}
          fillOpacity={0.25}
        />
      </AreaChart>
    </Frame>
  );
}

const TYPE_NAMES = [
  ['residential', 'Residential'],
  ['mobile', 'Mobile'],
  ['isp', 'ISP'],
  ['datacenter', 'Datacenter'],
  ['ipv6', 'IPv6'],
] as const;

/** Subscriptions running at the end of each bucket, stacked by type. */
export function ActiveSubscriptionsChart(props: ChartProps) {
  const { countAxis, colors, data, grid, xAxis, tooltip, legend } = useChart(props);
  return (
    <Frame label="Running subscriptions by type at the end of each period">
      <AreaChart data={data} margin={CHART_MARGIN}>
        {grid}
        {xAxis}
        {countAxis(48)}
        <Tooltip {...tooltip} formatter={(value) => formatNumber(Number(value))} />
        {legend}
        {TYPE_NAMES.map(([key, name], i) => (
          <Area
            key={key}
            isAnimationActive={false}
            type="stepAfter"
            dataKey={key}
            name={name}
            stackId="types"
            stroke={colors.types[i]}
            fill={colors.types[i]}
            fillOpacity={0.3}
          />
        ))}
      </AreaChart>
    </Frame>
  );
}
