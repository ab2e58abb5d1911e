import { TICKET_STATUS_LABELS, type TicketStatus } from '@tollgate/contract/tickets/tickets';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';

const STATUS_TONES: Record<TicketStatus, BadgeTone> = { open: 'info', answered: 'success', closed: 'neutral' };

export function StatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}

/** A dot before a ticket with something new for the reader. */
export function UnreadDot({ label }: { label: string }) {
  return (
    <span className="inline-flex size-2 shrink-0 rounded-full bg-brand-600 dark:bg-brand-400" title={label}>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** `#1A2B3C4D`: enough of the id to say on the phone or search for. */
export const shortTicketId = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
