import {
  CAMPAIGN_STATUS_LABELS,
  type CampaignProgress,
  type CampaignStatus,
} from '@tollgate/contract/admin/mail-sender';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { cn } from '#lib/cn.ts';
import { formatNumber } from '#lib/format.ts';

const TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  sending: 'info',
  sent: 'success',
  cancelled: 'warning',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}

const pct = (part: number, total: number) => (total ? `${(part / total) * 100}%` : '0%');

/** Sent, failed and skipped as one bar out of everyone the campaign was sent to; the rest is queued. */
export function CampaignProgressBar({ progress, compact }: { progress: CampaignProgress; compact?: boolean }) {
  const { total, sent, failed, skipped, queued } = progress;
  const done = sent + failed + skipped;
  const label = `${formatNumber(sent)} of ${formatNumber(total)} sent`;
  return (
    <div className={cn('min-w-40', compact ? 'space-y-1' : 'space-y-2')}>
      <div
        role="progressbar"
        aria-label="Delivery progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${label}, ${formatNumber(failed)} failed, ${formatNumber(skipped)} skipped, ${formatNumber(queued)} queued`}
        className={cn('flex overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700', compact ? 'h-1.5' : 'h-2.5')}
      >
        <div className="bg-emerald-500 transition-[width] duration-500" style={{ width: pct(sent, total) }} />
        <div className="bg-red-500 transition-[width] duration-500" style={{ width: pct(failed, total) }} />
        <div className="bg-slate-400 transition-[width] duration-500" style={{ width: pct(skipped, total) }} />
      </div>
      <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
        {label}
        {failed > 0 && <span className="text-red-600 dark:text-red-400"> · {formatNumber(failed)} failed</span>}
        {skipped > 0 && <span> · {formatNumber(skipped)} skipped</span>}
        {queued > 0 && <span> · {formatNumber(queued)} queued</span>}
      </p>
    </div>
  );
}
