import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReferralProgramme } from '@tollgate/contract/growth/referrals';
import { formatBalance } from '#lib/format.ts';
import { useResolvedTheme } from '#lib/theme.ts';
import { formatMonth } from '../utils/labels.ts';

/*
 * recharts is imported here only, in the lazy /referral route's chunk, so it never weighs on the
 * first load of the customer area.
 */

/** Rewards earned (bars) and sign-ups (line) per month over the last year. */
export function EarningsChart({ series }: { series: ReferralProgramme['series'] }) {
  const dark = useResolvedTheme() === 'dark';
  const colors = {
    grid: dark ? '#1e293b' : '#e2e8f0',
    axis: dark ? '#94a3b8' : '#64748b',
    earned: dark ? '#818cf8' : '#4f46e5',
    signUps: dark ? '#34d399' : '#059669',
    tooltip: dark
      ? { backgroundColor: '#0f172a', border: '1px solid #334155', color: '#f1f5f9' }
      : { backgroundColor: '#ffffff', border: '1px solid #e2e8f0', color: '#0f172a' },
  };
  return (
    <ResponsiveContainer width="100%" height={240}>
      <ComposedChart data={series} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="month"
          tickFormatter={(m: string) => formatMonth(m)}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          minTickGap={8}
        />
        <YAxis
          yAxisId="money"
          tickFormatter={(v: number) => `$${v}`}
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={48}
          allowDecimals={false}
        />
        <YAxis
          yAxisId="count"
          orientation="right"
          tick={{ fill: colors.axis, fontSize: 12 }}
          stroke={colors.grid}
          width={28}
          allowDecimals={false}
        />
        <Tooltip
          labelFormatter={(m: unknown) => formatMonth(String(m), true)}
          formatter={(value: unknown, name: unknown) =>
            name === 'Earned' ? formatBalance(Number(value)) : String(value)
          }
          contentStyle={{ ...colors.tooltip, borderRadius: 8, fontSize: 12 }}
          labelStyle={{ color: colors.tooltip.color, fontWeight: 600 }}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />
        <Bar
          yAxisId="money"
          dataKey="earned"
          name="Earned"
          fill={colors.earned}
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Line
          yAxisId="count"
          dataKey="signUps"
          name="Sign-ups"
          stroke={colors.signUps}
          strokeWidth={2}
          dot={{ r: 3 }}
          type="monotone"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
