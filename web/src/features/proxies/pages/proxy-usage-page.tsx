import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BarChart3, Download, RefreshCw } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner, Spinner } from '#components/ui/spinner.tsx';
import { downloadCsv } from '#lib/clipboard.ts';
import { formatDate } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { useMySubscriptions, useProxyUsage } from '../api/proxy-usage.ts';
import { BandwidthForecast } from '../components/bandwidth-forecast.tsx';
import { TopCountries } from '../components/top-countries.tsx';
import { BytesChart, RequestsChart } from '../components/usage-charts.tsx';
import { UsageFilters } from '../components/usage-filters.tsx';
import { UsageSummary } from '../components/usage-summary.tsx';
import {
  granularityFor,
  presetRange,
  usageCsv,
  type Granularity,
  type RangePreset,
  type UsageRange,
} from '../utils/usage-range.ts';

const DEFAULT_PRESET = '7d' satisfies RangePreset;

/** /proxy-usage (optionally ?subscriptionId=): metered traffic of one plan over a period. */
export default function ProxyUsagePage() {
  const [params, setParams] = useSearchParams();
  const subscriptions = useMySubscriptions();
  const [preset, setPreset] = useState<RangePreset>(DEFAULT_PRESET);
  const [range, setRange] = useState<UsageRange>(() => presetRange(DEFAULT_PRESET));
  const [granularity, setGranularity] = useState<Granularity>(granularityFor(DEFAULT_PRESET));

  const list = subscriptions.data ?? [];
  const subscriptionId =
    params.get('subscriptionId') ??
    (list.find((subscription) => subscription.status === 'active') ?? list[0])?.id ??
    '';
  const usage = useProxyUsage(subscriptionId ? { subscriptionId, ...range, granularity } : null);

  const choosePreset = (next: RangePreset) => {
    setPreset(next);
    if (next === 'custom') return;
    setRange(presetRange(next));
    setGranularity(granularityFor(next));
  };
  const refresh = () => {
    if (preset === 'custom') void usage.refetch();
    else setRange(presetRange(preset));
  };
  const exportCsv = () => {
    if (!usage.data) return;
    const day = (iso: string) => iso.slice(0, 10);
    downloadCsv(
      `tollgate-usage-${day(usage.data.from)}-${day(usage.data.to)}-${usage.data.granularity}.csv`,
      usageCsv(usage.data.series),
    );
  };

  if (subscriptions.error && !subscriptions.data)
    return <ErrorState error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />;
  if (!subscriptions.data) return <PageSpinner />;

  const header = (
    <PageHeader
      title="Proxy usage"
      description="Traffic, requests and where your connections left from."
      actions={
        subscriptionId && (
          <>
            <Button variant="outline" onClick={refresh} disabled={usage.isFetching}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Refresh
            </Button>
            <Button onClick={exportCsv} disabled={!usage.data || usage.data.series.length === 0}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </Button>
          </>
        )
      }
    />
  );

  if (!subscriptionId)
    return (
      <div>
        {header}
        <Card>
          <EmptyState
            icon={BarChart3}
            title="No plans yet"
            description="Usage shows up here once you have a plan and send traffic through it."
            action={
              <Link to={paths.plans} className={buttonClass('primary', 'md')}>
                Buy a plan
              </Link>
            }
          />
        </Card>
      </div>
    );

  const data = usage.data;
  const per = data?.granularity === 'hour' ? 'Per hour' : 'Per day';
  const quiet = !data || data.totals.bytesIn + data.totals.bytesOut + data.totals.requests === 0;
  const period = data && `${formatDate(data.from, '24h')} – ${formatDate(data.to, '24h')}`;
  return (
    <div className="space-y-6">
      {header}
      <UsageFilters
        subscriptions={list}
        subscriptionId={subscriptionId}
        onSubscription={(id) => setParams({ subscriptionId: id }, { replace: true })}
        preset={preset}
        onPreset={choosePreset}
        granularity={granularity}
        onGranularity={setGranularity}
        onCustomRange={setRange}
      />
      {usage.error && !data ? (
        <Card>
          <ErrorState error={usage.error} onRetry={() => void usage.refetch()} />
        </Card>
      ) : !data ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading usage" />
        </div>
      ) : (
        <div className="space-y-6" aria-busy={usage.isFetching || undefined}>
          <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
            <span>{period}</span>
            {usage.isFetching && <Spinner label="Updating" />}
          </p>
          <UsageSummary totals={data.totals} />
          <BandwidthForecast
            bandwidth={data.bandwidth}
            forecast={data.forecast}
            expiresAt={list.find((subscription) => subscription.id === subscriptionId)?.expiresAt ?? null}
          />
          {quiet ? (
            <Card>
              <EmptyState
                icon={BarChart3}
                title="No traffic in this period"
                description="Choose a longer period, or send some requests through the plan."
              />
            </Card>
          ) : (
            <div className="grid gap-6 xl:grid-cols-2">
              <Card className="min-w-0">
                <CardHeader title="Traffic" description={per} />
                <CardBody>
                  <BytesChart series={data.series} granularity={data.granularity} />
                </CardBody>
              </Card>
              <Card className="min-w-0">
                <CardHeader title="Requests" description={per} />
                <CardBody>
                  <RequestsChart series={data.series} granularity={data.granularity} />
                </CardBody>
              </Card>
            </div>
          )}
          <section aria-labelledby="top-countries" className="space-y-3">
            <h2 id="top-countries" className="text-base font-semibold text-slate-900 dark:text-white">
              Top countries
            </h2>
            <TopCountries key={`${data.subscriptionId}-${data.from}-${data.to}`} countries={data.countries} />
          </section>
        </div>
      )}
    </div>
  );
}
