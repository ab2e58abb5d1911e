import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { UsageBar } from '#components/ui/usage-bar.tsx';
import { formatBytes, formatDate } from '#lib/format.ts';
import type { ProxyUsage } from '../api/proxy-usage.ts';

export const NO_FORECAST = 'Not enough recent traffic to forecast';
export const runsOutText = (at: string) => `At the current rate your bandwidth runs out on ${formatDate(at)}`;
export const outlastsText = (expiresAt: string) =>
  `At the current rate your bandwidth lasts beyond the plan's end on ${formatDate(expiresAt)}`;

/** All-time bandwidth of the plan and, at the last day's rate, when it will be used up. */
export function BandwidthForecast({
  bandwidth,
  forecast,
  expiresAt = null,
}: {
  bandwidth: ProxyUsage['bandwidth'];
  forecast: ProxyUsage['forecast'];
  /** The plan's end: a run-out date after it is no news worth a far-future date. */
  expiresAt?: string | null;
}) {
  const outlasts = Boolean(forecast.runsOutAt && expiresAt && forecast.runsOutAt > expiresAt);
  const total = bandwidth.totalBytes;
  const percent = total ? Math.min(100, Math.max(0, (bandwidth.usedBytes / total) * 100)) : 0;
  return (
    <Card>
      <CardHeader title="Bandwidth" description="Everything this plan has used since it started." />
      <CardBody className="space-y-3">
        {total === null ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {formatBytes(bandwidth.usedBytes)} used. This plan is sold by threads, so its traffic has no cap.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-slate-900 dark:text-white">
                {formatBytes(Math.max(0, total - bandwidth.usedBytes))} left
              </span>
              <span className="text-slate-500 tabular-nums dark:text-slate-400">
                {formatBytes(bandwidth.usedBytes)} of {formatBytes(total)} used
              </span>
            </div>
            <UsageBar
              percent={percent}
              max={100}
              now={Math.round(percent)}
              text={`${formatBytes(bandwidth.usedBytes)} of ${formatBytes(total)} used`}
              className="h-2.5"
            />
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="forecast">
              {forecast.runsOutAt ? (
                <>
                  {outlasts ? outlastsText(expiresAt!) : runsOutText(forecast.runsOutAt)}
                  <span className="text-slate-500 dark:text-slate-400">
                    {' '}
                    ({formatBytes(forecast.bytesPerDay)} a day over the last 24 hours)
                  </span>
                </>
              ) : (
                NO_FORECAST
              )}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
