import { ShieldX } from 'lucide-react';
import { REFERRAL_REFUSAL_REFERRER_LABELS, type ReferralProgramme } from '@tollgate/contract/growth/referrals';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { formatDate, formatNumber } from '#lib/format.ts';

/**
 * Sign-ups through the link that were taken for the referrer's own (ADR 032): why and when, so a
 * referrer whose friend signed up at their desk learns why it earns nothing. Who it was stays with staff.
 */
export function RefusedSignUps({ refusals, total }: { refusals: ReferralProgramme['refusals']; total: number }) {
  if (total === 0) return null;
  return (
    <Card>
      <CardHeader
        title={`Refused: ${formatNumber(total)}`}
        description="Sign-ups through your link that look like your own earn nothing and are not counted above."
      />
      <ul aria-label="Refused sign-ups" className="divide-y divide-slate-200 dark:divide-slate-800">
        {refusals.map((r, i) => (
          <li key={`${r.at}-${i}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3">
            <span className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
              <ShieldX className="size-4 shrink-0 text-rose-600 dark:text-rose-400" aria-hidden="true" />
              {REFERRAL_REFUSAL_REFERRER_LABELS[r.reason]}
            </span>
            <time dateTime={r.at} className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {formatDate(r.at, '24h')}
            </time>
          </li>
        ))}
      </ul>
    </Card>
  );
}
