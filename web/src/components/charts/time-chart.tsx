import type { ComponentProps } from 'react';
import { CartesianGrid, Legend, XAxis, YAxis } from 'recharts';
import { formatBytes, formatNumber } from '#lib/format.ts';
import { useChartTheme } from './chart-theme.ts';

/*
 * recharts is imported here: only the lazy routes' charts use these parts (statistics, proxy usage),
 * so the chart library never reaches the public bundle.
 */

export const CHART_MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

/**
 * The parts every chart over time draws the same way: the grid, the time axis, value axes, the
 * tooltip (spread into Tooltip) and the legend. recharts finds its parts by element type, so they are
 * elements to place as children, not components of ours.
 */
export function useTimeChart({ dataKey, label }: { dataKey: string; label: (value: unknown) => string }) {
  const theme = useChartTheme();
  const yAxis = (props: ComponentProps<typeof YAxis>) => <YAxis tick={theme.tick} stroke={theme.grid} {...props} />;
  return {
    theme,
    grid: <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />,
    xAxis: <XAxis dataKey={dataKey} tickFormatter={label} tick={theme.tick} stroke={theme.grid} minTickGap={24} />,
    yAxis,
    /** A value axis of whole numbers. */
    countAxis: (width: number) =>
      yAxis({ allowDecimals: false, tickFormatter: (value: number) => formatNumber(value), width }),
    /** A value axis of bytes, in the largest unit that keeps the ticks short. */
    bytesAxis: yAxis({ tickFormatter: (value: number) => formatBytes(value, { forAxis: true }), width: 72 }),
    tooltip: { labelFormatter: label, ...theme.tooltip },
    legend: <Legend {...theme.legend} />,
  };
}
