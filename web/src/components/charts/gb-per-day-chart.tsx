import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '#lib/format.ts';
import { useChartTheme } from './chart-theme.ts';

/*
 * recharts is imported here: only lazy routes use this chart (the reseller programme's pages and the
 * staff subscription page), so the chart library never reaches the public bundle.
 */

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (day: unknown) => dayLabel.format(new Date(`${String(day)}T00:00:00Z`));
const gb = (value: unknown) => `${formatNumber(Math.round(Number(value) * 100) / 100)} GB`;

/** GB delivered per day, oldest first (the server keeps days without traffic as zeros). */
export function GbPerDayChart({ days, title }: { days: Array<{ day: string; gb: number }>; title: string }) {
  const theme = useChartTheme();
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title}>
        <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={label} tick={theme.tick} stroke={theme.grid} minTickGap={24} />
        <YAxis
          tickFormatter={(value: number) => formatNumber(value)}
          tick={theme.tick}
          stroke={theme.grid}
          width={48}
          allowDecimals={false}
        />
        <Tooltip
          labelFormatter={label}
          formatter={(value) => [gb(value), 'Delivered']}
          {...theme.tooltip}
          cursor={{ fill: theme.grid, opacity: 0.5 }}
        />
        <Bar isAnimationActive={false} dataKey="gb" name="GB" fill={theme.series('indigo')} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
