import { AlertTriangle, ArrowDownToLine, ArrowUpFromLine, Percent, Send, Sigma, type LucideIcon } from 'lucide-react';
import { Card } from '#components/ui/card.tsx';
import { formatBytes, formatNumber } from '#lib/format.ts';
import type { ProxyUsage } from '../api/proxy-usage.ts';
import { failureRate } from '../utils/usage-range.ts';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function Tile({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <Card className="min-w-0 p-4">
      <dt className="flex items-center justify-between gap-2 text-sm text-slate-500 dark:text-slate-400">
        <span className="truncate">{label}</span>
        <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </dt>
      <dd className="mt-2 text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl dark:text-white">{value}</dd>
    </Card>
  );
}

/** The period's totals: traffic both ways, requests and how many failed. */
export function UsageSummary({ totals }: { totals: ProxyUsage['totals'] }) {
  return (
    <section aria-label="Totals for the period">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6">
        <Tile icon={ArrowDownToLine} label="Download" value={formatBytes(totals.bytesOut)} />
        <Tile icon={ArrowUpFromLine} label="Upload" value={formatBytes(totals.bytesIn)} />
        <Tile icon={Sigma} label="Total traffic" value={formatBytes(totals.bytesIn + totals.bytesOut)} />
        <Tile icon={Send} label="Requests" value={formatNumber(totals.requests)} />
        <Tile icon={AlertTriangle} label="Failures" value={formatNumber(totals.failures)} />
        <Tile icon={Percent} label="Failure rate" value={`${percent.format(failureRate(totals))}%`} />
      </dl>
    </section>
  );
}
