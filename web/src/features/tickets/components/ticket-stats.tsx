import { CheckCheck, CircleDot, Lock } from 'lucide-react';
import type { TicketStatus } from '@tollgate/contract/tickets/tickets';
import { cn } from '#lib/cn.ts';
import { formatNumber } from '#lib/format.ts';

const CARDS: Array<{ status: TicketStatus; label: string; icon: typeof CircleDot; tone: string }> = [
  {
    status: 'open',
    label: 'Open',
    icon: CircleDot,
    tone: 'text-sky-600 bg-sky-50 dark:text-sky-300 dark:bg-sky-500/15',
  },
  {
    status: 'answered',
    label: 'Answered',
    icon: CheckCheck,
    tone: 'text-emerald-600 bg-emerald-50 dark:text-emerald-300 dark:bg-emerald-500/15',
  },
  {
    status: 'closed',
    label: 'Closed',
    icon: Lock,
    tone: 'text-slate-600 bg-slate-100 dark:text-slate-300 dark:bg-slate-800',
  },
];

/**
 * A card per status with its count; each filters the list below to that status. The customer has
 * no closed card: closed tickets are deleted for them (rule 77).
 */
export function TicketStats({
  stats,
  current,
  onPick,
  statuses = ['open', 'answered', 'closed'],
}: {
  stats: Record<TicketStatus, number> | undefined;
  current: string;
  onPick: (status: TicketStatus | '') => void;
  statuses?: readonly TicketStatus[];
}) {
  const cards = CARDS.filter((card) => statuses.includes(card.status));
  return (
    <ul
      className={cn('mb-6 grid gap-3 sm:gap-4', cards.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}
      aria-label="Ticket counts"
    >
      {cards.map(({ status, label, icon: Icon, tone }) => {
        const active = current === status;
        return (
          <li key={status}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onPick(active ? '' : status)}
              className={cn(
                'flex w-full flex-col items-start gap-2 rounded-xl border bg-white p-3 text-left shadow-sm transition-colors sm:flex-row sm:items-center sm:gap-3 sm:p-4 dark:bg-slate-900',
                active
                  ? 'border-brand-500 ring-2 ring-brand-500/20'
                  : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
              )}
            >
              <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block text-xs font-medium text-slate-500 dark:text-slate-400">{label}</span>
                <span
                  className="block text-xl font-semibold text-slate-900 tabular-nums dark:text-white"
                  data-testid={`tickets-${status}`}
                >
                  {stats ? formatNumber(stats[status]) : '–'}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
