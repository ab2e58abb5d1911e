import { useResolvedTheme } from '#lib/theme.ts';

/** Series colours, each as [light, dark]: Tailwind's 600 on white, 400 on slate-950. */
const SERIES = {
  indigo: ['#4f46e5', '#818cf8'],
  sky: ['#0284c7', '#38bdf8'],
  emerald: ['#059669', '#34d399'],
  red: ['#dc2626', '#f87171'],
  amber: ['#d97706', '#fbbf24'],
  pink: ['#db2777', '#f472b6'],
  cyan: ['#0891b2', '#22d3ee'],
} as const;
export type SeriesColour = keyof typeof SERIES;

/**
 * The one look of every chart (recharts props, no recharts import, so it costs nothing where no
 * chart is drawn): grid and axis colours, tick text, the tooltip and legend, and series colours.
 */
export function chartTheme(dark: boolean) {
  const grid = dark ? '#1e293b' : '#e2e8f0';
  const axis = dark ? '#94a3b8' : '#64748b';
  const text = dark ? '#f1f5f9' : '#0f172a';
  return {
    grid,
    axis,
    /** For XAxis and YAxis: `tick={theme.tick} stroke={theme.grid}`. */
    tick: { fill: axis, fontSize: 12 },
    /** Spread into Tooltip. */
    tooltip: {
      contentStyle: {
        backgroundColor: dark ? '#0f172a' : '#ffffff',
        border: `1px solid ${dark ? '#334155' : '#e2e8f0'}`,
        color: text,
        borderRadius: 8,
        fontSize: 12,
      },
      labelStyle: { color: text, fontWeight: 600 },
    },
    /** Spread into Legend. */
    legend: { wrapperStyle: { fontSize: 12, color: axis } },
    series: (colour: SeriesColour) => SERIES[colour][dark ? 1 : 0],
  };
}
export type ChartTheme = ReturnType<typeof chartTheme>;

export const useChartTheme = () => chartTheme(useResolvedTheme() === 'dark');
