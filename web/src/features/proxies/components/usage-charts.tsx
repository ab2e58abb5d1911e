import { Area, AreaChart, Bar, BarChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatBytes, formatNumber } from '#lib/format.ts';
import { CHART_MARGIN, useTimeChart } from '#components/charts/time-chart.tsx';
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
  const chart = useTimeChart({
    dataKey: 'at',
    label: (at) => (granularity === 'hour' ? hourLabel : dayLabel).format(new Date(String(at))),
  });
  const { series: colour } = chart.theme;
  const colors = {
    download: colour('indigo'),
    upload: colour('sky'),
    requests: colour('indigo'),
    failures: colour('red'),
  };
  return { ...chart, colors, data: series };
}

/** Download and upload bytes per hour or day, stacked. */
export function BytesChart({ series, granularity }: { series: ProxyUsage['series']; granularity: Granularity }) {
  const { bytesAxis, colors, grid, xAxis, tooltip, legend, data } = useChart(series, granularity);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={CHART_MARGIN} title="Traffic">
        {grid}
        {xAxis}
        {bytesAxis}
        <Tooltip {...tooltip} formatter={(value) => formatBytes(Number(value))} />
        {legend}
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
  const { countAxis, theme, colors, grid, xAxis, tooltip, legend, data } = useChart(series, granularity);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={CHART_MARGIN} title="Requests">
        {grid}
        {xAxis}
        {countAxis(56)}
        <Tooltip {...tooltip} formatter={(value) => formatNumber(Number(value))} cursor={{ fill: theme.grid }} />
        {legend}
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
