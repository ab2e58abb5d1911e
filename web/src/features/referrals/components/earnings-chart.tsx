import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReferralProgramme } from '@tollgate/contract/growth/referrals';
import { formatBalance } from '#lib/format.ts';
import { useChartTheme } from '#components/charts/chart-theme.ts';
import { formatMonth } from '../utils/labels.ts';

/*
 * recharts is imported here only, in the lazy /referral route's chunk, so it never weighs on the
 * first load of the customer area.
 */

/** Rewards earned (bars) and sign-ups (line) per month over the last year. */
export function EarningsChart({ series }: { series: ReferralProgramme['series'] }) {
  const theme = useChartTheme();
  const colors = { earned: theme.series('indigo'), signUps: theme.series('emerald') };
  return (
    <ResponsiveContainer width="100%" height={240}>
      <ComposedChart data={series} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="month"
          tickFormatter={(m: string) => formatMonth(m)}
          tick={theme.tick}
          stroke={theme.grid}
          minTickGap={8}
        />
        <YAxis
          yAxisId="money"
          tickFormatter={(v: number) => `$${v}`}
          tick={theme.tick}
          stroke={theme.grid}
          width={48}
          allowDecimals={false}
        />
        <YAxis
          yAxisId="count"
          orientation="right"
          tick={theme.tick}
          stroke={theme.grid}
          width={28}
          allowDecimals={false}
        />
        <Tooltip
          labelFormatter={(m: unknown) => formatMonth(String(m), true)}
          formatter={(value: unknown, name: unknown) =>
            name === 'Earned' ? formatBalance(Number(value)) : String(value)
          }
          {...theme.tooltip}
        />
        <Legend {...theme.legend} />
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
