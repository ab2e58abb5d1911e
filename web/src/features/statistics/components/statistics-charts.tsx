import type { ReactElement } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Granularity, StatisticsBucket } from '@tollgate/contract/admin/statistics';
import { formatBalance, formatBytes, formatNumber } from '#lib/format.ts';
import { useResolvedTheme } from '#lib/theme.ts';

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

const palette = (dark: boolean) => ({
  grid: dark ? '#1e293b' : '#e2e8f0',
  axis: dark ? '#94a3b8' : '#64748b',
  deposits: dark ? '#38bdf8' : '#0284c7',
  purchases: dark ? '#818cf8' : '#4f46e5',
  renewals: dark ? '#34d399' : '#059669',
  refunds: dark ? '#f87171' : '#dc2626',
  signups: dark ? '#fbbf24' : '#d97706',
  paying: dark ? '#818cf8' : '#4f46e5',
  bandwidth: dark ? '#22d3ee' : '#0891b2',
  types: dark
    ? ['#818cf8', '#f472b6', '#fbbf24', '#34d399', '#38bdf8']
    : ['#4f46e5', '#db2777', '#d97706', '#059669', '#0284c7'],
  tooltip: dark
    ? { backgroundColor: '#0f172a', border: '1px solid #334155', color: '#f1f5f9' }
    : { backgroundColor: '#ffffff', border: '1px solid #e2e8f0', color: '#0f172a' },
});

interface ChartProps {
  series: StatisticsBucket[];
  granularity: Granularity;
}

function useChart({ series, granularity }: ChartProps) {
  const colors = palette(useResolvedTheme() === 'dark');
  const data = series.map((b) => ({ ...b, refundsNegative: -b.refunds, ...b.activeSubscriptions }));
  const label = (start: unknown) => bucketLabel(String(start), granularity);
  return {
    colors,
    data,
    grid: <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />,
    xAxis: (
      <XAxis
        dataKey="start"
        tickFormatter={label}
        tick={{ fill: colors.axis, fontSize: 12 }}
        stroke={colors.grid}
        minTickGap={24}
      />
    ),
    tooltip: {
      labelFormatter: label,
      contentStyle: { ...colors.tooltip, borderRadius: 8, fontSize: 12 },
      labelStyle: { color: colors.tooltip.color, fontWeight: 600 },
    },
    legend: <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />,
  };
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
  const { colors, data, grid, xAxis, tooltip, legend } = useChart(props);
  const money = (value: number) => formatBalance(value).replace(/\.00$/, '');
  return (
    <Frame label="Revenue per period by kind">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} stackOffset="sign">
        {grid}
        {xAxis}
        <YAxis tickFormatter={money} tick={{ fill: colors.axis, fontSize: 12 }} stroke={colors.grid} width={72} />
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
  const { colors, data, grid, xAxis, tooltip, legend } = useChart(props);
  return (
    <Frame label="Sign-ups and paying customers per period">
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        {grid}
        {xAxis}
        <YAxis
          allowDecimals={false}
          tickFormatter={(v: number) => formatNumber(v)}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={48}
        />
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
  const { colors, data, grid, xAxis, tooltip } = useChart(props);
  return (
    <Frame label="Bandwidth delivered per period">
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        {grid}
        {xAxis}
        <YAxis
          tickFormatter={(v: number) => formatBytes(v, { forAxis: true })}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={72}
        />
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
  const { colors, data, grid, xAxis, tooltip, legend } = useChart(props);
  return (
    <Frame label="Running subscriptions by type at the end of each period">
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        {grid}
        {xAxis}
        <YAxis
          allowDecimals={false}
          tickFormatter={(v: number) => formatNumber(v)}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={48}
        />
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
