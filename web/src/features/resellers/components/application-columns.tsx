import type { StaffResellerApplication } from '@tollgate/contract/reseller/reseller-programme';
import { Check, X } from 'lucide-react';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';

type Application = StaffResellerApplication;
export type Decision = { kind: 'approve' | 'reject'; application: Application };

export const STATUS_LABELS: Record<Application['status'], string> = {
  pending: 'Open',
  approved: 'Approved',
  rejected: 'Refused',
};
const STATUS_TONES: Record<Application['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'neutral',
};
const VOLUME_LABELS: Record<Application['answers']['monthlyVolume'], string> = {
  'under-100': 'Under $100 a month',
  '100-1000': '$100–1,000 a month',
  '1000-10000': '$1,000–10,000 a month',
  'over-10000': 'Over $10,000 a month',
};
const CHANNEL_LABELS: Record<Application['answers']['channel'], string> = {
  website: 'Own website',
  panel: 'Reseller panel',
  bot: 'Bot (Telegram, Discord)',
  agency: 'Agency / clients',
  other: 'Other',
};
const PRODUCT_LABELS: Record<string, string> = {
  residential: 'Residential',
  mobile: 'Mobile',
  isp: 'ISP',
  datacenter: 'Datacenter',
  ipv6: 'IPv6',
};
const muted = 'text-slate-500 dark:text-slate-400';

/** The applications list: who applied, what they said, where it stands, and the decision buttons while open. */
export function applicationColumns(onDecide: (decision: Decision) => void): Array<Column<Application>> {
  return [
    {
      key: 'applicant',
      header: 'Applicant',
      cell: (a) => (
        <span className="block">
          <span className="font-medium text-slate-900 dark:text-white">{a.username}</span>
          <span className={`block text-sm break-all ${muted}`}>{a.email}</span>
          <span className={`block text-xs ${muted}`}>Paid {formatBalance(a.spent)} in all</span>
        </span>
      ),
    },
    {
      key: 'business',
      header: 'Business',
      cell: (a) => (
        <span className="block">
          <span className="font-medium text-slate-900 dark:text-white">{a.answers.company}</span>
          {a.answers.website ? <span className={`block text-sm break-all ${muted}`}>{a.answers.website}</span> : null}
          <span className={`block text-sm ${muted}`}>
            {CHANNEL_LABELS[a.answers.channel]} · {VOLUME_LABELS[a.answers.monthlyVolume]}
          </span>
          <span className={`block text-sm ${muted}`}>
            {a.answers.products.map((p) => PRODUCT_LABELS[p] ?? p).join(', ')}
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (a) => (
        <span className="block">
          <Badge tone={STATUS_TONES[a.status]}>{STATUS_LABELS[a.status]}</Badge>
          <span className={`mt-1 block text-xs ${muted}`}>Sent {formatDate(a.createdAt)}</span>
          {a.decidedAt ? (
            <span className={`block text-xs ${muted}`}>
              {STATUS_LABELS[a.status]} {formatDate(a.decidedAt)}
              {a.decidedBy ? ` by ${a.decidedBy}` : ''}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Decision',
      cell: (a) =>
        a.status === 'pending' ? (
          <span className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => onDecide({ kind: 'approve', application: a })}
              aria-label={`Approve ${a.username}`}
            >
              <Check className="size-4" aria-hidden="true" />
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onDecide({ kind: 'reject', application: a })}
              aria-label={`Refuse ${a.username}`}
            >
              <X className="size-4" aria-hidden="true" />
              Refuse
            </Button>
          </span>
        ) : a.reason ? (
          <span className={`text-sm ${muted}`}>“{a.reason}”</span>
        ) : (
          <span className={`text-sm ${muted}`}>—</span>
        ),
    },
  ];
}

/** Under each row: the applicant's own words. */
export function ApplicationMessage({ application }: { application: Application }) {
  return (
    <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
      <span className="font-medium">Message: </span>
      {application.answers.message}
    </p>
  );
}
