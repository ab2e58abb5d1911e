import { Bar, BarChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatNumber } from '#lib/format.ts';
import { CHART_MARGIN, useTimeChart } from './time-chart.tsx';

/*
 * recharts is imported here: only lazy routes use this chart (the reseller programme's pages and the
 * staff subscription page), so the chart library never reaches the public bundle.
 */

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (day: unknown) => dayLabel.format(new Date(`${String(day)}T00:00:00Z`));
const gb = (value: unknown) => `${formatNumber(Math.round(Number(value) * 100) / 100)} GB`;

/** GB delivered per day, oldest first (the server keeps days without traffic as zeros). */
export function GbPerDayChart({ days, title }: { days: Array<{ day: string; gb: number }>; title: string }) {
  const { theme, grid, xAxis, countAxis, tooltip } = useTimeChart({ dataKey: 'day', label });
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={days} margin={CHART_MARGIN} title={title}>
        {grid}
        {xAxis}
        {countAxis(48)}
        <Tooltip
          {...tooltip}
          formatter={(value) => [gb(value), 'Delivered']}
          cursor={{ fill: theme.grid, opacity: 0.5 }}
        />
        <Bar isAnimationActive={false} dataKey="gb" name="GB" fill={theme.series('indigo')} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
