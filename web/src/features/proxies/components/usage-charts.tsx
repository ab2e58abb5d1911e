import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatBytes, formatNumber } from '#lib/format.ts';
import { useResolvedTheme } from '#lib/theme.ts';
import type { ProxyUsage } from '../api/proxy-usage.ts';
import type { Granularity } from '../utils/usage-range.ts';

/*
 * recharts is imported here and only here: this module belongs to the lazy /proxy-usage route,
 * so the chart library never reaches the first-load bundle.
 */

const hourLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

const palette = (dark: boolean) => ({
  grid: dark ? '#1e293b' : '#e2e8f0',
  axis: dark ? '#94a3b8' : '#64748b',
  download: dark ? '#818cf8' : '#4f46e5',
  upload: dark ? '#38bdf8' : '#0284c7',
  requests: dark ? '#818cf8' : '#4f46e5',
  failures: dark ? '#f87171' : '#dc2626',
  tooltip: dark
    ? { backgroundColor: '#0f172a', border: '1px solid #334155', color: '#f1f5f9' }
    : { backgroundColor: '#ffffff', border: '1px solid #e2e8f0', color: '#0f172a' },
});

function useChart(series: ProxyUsage['series'], granularity: Granularity) {
  const theme = useResolvedTheme();
  const colors = palette(theme === 'dark');
  const label = (at: string) => (granularity === 'hour' ? hourLabel : dayLabel).format(new Date(at));
  const common = {
    grid: <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />,
    xAxis: (
      <XAxis
        dataKey="at"
        tickFormatter={label}
        tick={{ fill: colors.axis, fontSize: 12 }}
        stroke={colors.grid}
        minTickGap={24}
      />
    ),
    tooltip: {
      labelFormatter: (value: unknown) => label(String(value)),
      contentStyle: { ...colors.tooltip, borderRadius: 8, fontSize: 12 },
      labelStyle: { color: colors.tooltip.color, fontWeight: 600 },
    },
    legend: <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />,
  };
  return { colors, common, data: series };
}

/** Download and upload bytes per hour or day, stacked. */
export function BytesChart({ series, granularity }: { series: ProxyUsage['series']; granularity: Granularity }) {
  const { colors, common, data } = useChart(series, granularity);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Traffic">
        {common.grid}
        {common.xAxis}
        <YAxis
          tickFormatter={(value: number) => formatBytes(value, { forAxis: true })}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={72}
        />
        <Tooltip {...common.tooltip} formatter={(value) => formatBytes(Number(value))} />
        {common.legend}
        <Area
          isAnimationActive={false}
          type="monotone"
          dataKey="bytesOut"
          name="Download"
          stackId="bytes"
          stroke={colors.download}
          fill={colors.download}
          fillOpacity={0.25}
        />
        <Area
          isAnimationActive={false}
          type="monotone"
          dataKey="bytesIn"
          name="Upload"
          stackId="bytes"
          stroke={colors.upload}
          fill={colors.upload}
          fillOpacity={0.25}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Requests per hour or day, with the failed ones beside them. */
export function RequestsChart({ series, granularity }: { series: ProxyUsage['series']; granularity: Granularity }) {
  const { colors, common, data } = useChart(series, granularity);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Requests">
        {common.grid}
        {common.xAxis}
        <YAxis
          tickFormatter={(value: number) => formatNumber(value)}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={56}
          allowDecimals={false}
        />
        <Tooltip
          {...common.tooltip}
          formatter={(value) => formatNumber(Number(value))}
          cursor={{ fill: colors.grid }}
        />
        {common.legend}
        <Bar
          isAnimationActive={false}
          dataKey="requests"
          name="Requests"
          fill={colors.requests}
          radius={[3, 3, 0, 0]}
        />
        <Bar
          isAnimationActive={false}
          dataKey="failures"
          name="Failures"
          fill={colors.failures}
          radius={[3, 3, 0, 0]}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
