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
import { useChartTheme } from '#components/charts/chart-theme.ts';
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

function useChart(series: ProxyUsage['series'], granularity: Granularity) {
  const theme = useChartTheme();
  const colors = {
    grid: theme.grid,
    download: theme.series('indigo'),
    upload: theme.series('sky'),
    requests: theme.series('indigo'),
    failures: theme.series('red'),
  };
  const label = (at: string) => (granularity === 'hour' ? hourLabel : dayLabel).format(new Date(at));
  const common = {
    grid: <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />,
    xAxis: <XAxis dataKey="at" tickFormatter={label} tick={theme.tick} stroke={colors.grid} minTickGap={24} />,
    tooltip: { labelFormatter: (value: unknown) => label(String(value)), ...theme.tooltip },
    legend: <Legend {...theme.legend} />,
  };
  return { theme, colors, common, data: series };
}

/** Download and upload bytes per hour or day, stacked. */
export function BytesChart({ series, granularity }: { series: ProxyUsage['series']; granularity: Granularity }) {
  const { theme, colors, common, data } = useChart(series, granularity);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Traffic">
        {common.grid}
        {common.xAxis}
        <YAxis
          tickFormatter={(value: number) => formatBytes(value, { forAxis: true })}
          tick={theme.tick}
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
  const { theme, colors, common, data } = useChart(series, granularity);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Requests">
        {common.grid}
        {common.xAxis}
        <YAxis
          tickFormatter={(value: number) => formatNumber(value)}
          tick={theme.tick}
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
