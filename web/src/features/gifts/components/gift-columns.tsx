import { ChevronDown, ChevronRight, Copy, Ban } from 'lucide-react';
import { GIFT_STATUS_LABELS, type Gift, type GiftStatus } from '@tollgate/contract/growth/gifts';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { copyText } from '#lib/clipboard.ts';
import { formatBalance, formatDate, formatNumber } from '#lib/format.ts';

const STATUS_TONES: Record<GiftStatus, BadgeTone> = {
  active: 'success',
  used_up: 'brand',
  expired: 'warning',
  disabled: 'neutral',
};

/** What the code gives: `$10.00`, or `Residential 5 GB (DE)`. */
function worth(gift: Gift): string {
  if (gift.kind === 'balance') return formatBalance(gift.amount);
  const units = gift.units ? ` · ${formatNumber(gift.units)} GB/threads` : '';
  return `${gift.plan?.title ?? 'Plan'}${units}${gift.region ? ` · ${gift.region}` : ''}`;
}

export function giftColumns(options: {
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
  onDisable: (gift: Gift) => void;
}): Array<Column<Gift>> {
  return [
    {
      key: 'code',
      header: 'Code',
      cell: (g) => (
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => options.toggle(g.id)}
            aria-expanded={options.open.has(g.id)}
            aria-label={`Who redeemed ${g.code}`}
            title="Who redeemed it"
          >
            {options.open.has(g.id) ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-4" aria-hidden="true" />
            )}
          </Button>
          <span className="font-mono font-medium whitespace-nowrap text-slate-900 dark:text-white">{g.code}</span>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => void copyText(g.code, 'Gift code')}
            aria-label={`Copy ${g.code}`}
            title="Copy the code"
          >
            <Copy className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ),
    },
    {
      key: 'worth',
      header: 'Worth',
      cell: (g) => (
        <div>
          <span className="text-slate-900 dark:text-white">{worth(g)}</span>
          {g.note && <span className="block text-xs text-slate-500 dark:text-slate-400">{g.note}</span>}
        </div>
      ),
    },
    {
      key: 'used',
      header: 'Redeemed',
      cell: (g) => (
        <div className="min-w-24">
          <span className="tabular-nums">
            {formatNumber(g.redeemed)} / {formatNumber(g.quantity)}
          </span>
          <div
            className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
            aria-hidden="true"
          >
            <div
              className="h-full rounded-full bg-brand-500"
              style={{ width: `${(g.redeemed / g.quantity) * 100}%` }}
            />
          </div>
        </div>
      ),
    },
    { key: 'limit', header: 'Per account', cell: (g) => <span className="tabular-nums">{g.perAccountLimit}</span> },
    {
      key: 'expires',
      header: 'Expires',
      className: 'whitespace-nowrap',
      cell: (g) => (g.expiresAt ? formatDate(g.expiresAt) : 'Never'),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (g) => <Badge tone={STATUS_TONES[g.status]}>{GIFT_STATUS_LABELS[g.status]}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (g) =>
        g.status === 'disabled' ? null : (
          <Button
            variant="ghost-danger"
            size="icon"
            onClick={() => options.onDisable(g)}
            aria-label={`Disable ${g.code}`}
            title="Disable"
          >
            <Ban className="size-4" aria-hidden="true" />
          </Button>
        ),
    },
  ];
}
