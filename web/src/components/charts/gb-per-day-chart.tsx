import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '#lib/format.ts';
import { useResolvedTheme } from '#lib/theme.ts';

/*
 * recharts is imported here: only lazy routes use this chart (the reseller programme's pages and the
 * staff subscription page), so the chart library never reaches the public bundle.
 */

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (day: unknown) => dayLabel.format(new Date(`${String(day)}T00:00:00Z`));
const gb = (value: unknown) => `${formatNumber(Math.round(Number(value) * 100) / 100)} GB`;

/** GB delivered per day, oldest first (the server keeps days without traffic as zeros). */
export function GbPerDayChart({ days, title }: { days: Array<{ day: string; gb: number }>; title: string }) {
  const dark = useResolvedTheme() === 'dark';
  const colors = {
    grid: dark ? '#1e293b' : '#e2e8f0',
    axis: dark ? '#94a3b8' : '#64748b',
    bar: dark ? '#818cf8' : '#4f46e5',
    tooltip: dark
      ? { backgroundColor: '#0f172a', border: '1px solid #334155', color: '#f1f5f9' }
      : { backgroundColor: '#ffffff', border: '1px solid #e2e8f0', color: '#0f172a' },
  };
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={label}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          minTickGap={24}
        />
        <YAxis
          tickFormatter={(value: number) => formatNumber(value)}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={48}
          allowDecimals={false}
        />
        <Tooltip
          labelFormatter={label}
          formatter={(value) => [gb(value), 'Delivered']}
          contentStyle={{ ...colors.tooltip, borderRadius: 8, fontSize: 12 }}
          labelStyle={{ color: colors.tooltip.color, fontWeight: 600 }}
          cursor={{ fill: colors.grid, opacity: 0.5 }}
        />
        <Bar isAnimationActive={false} dataKey="gb" name="GB" fill={colors.bar} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
