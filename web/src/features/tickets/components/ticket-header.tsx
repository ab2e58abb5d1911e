import { Fragment, type ReactNode } from 'react';
import { TICKET_CATEGORY_LABELS, type TicketSummary } from '@tollgate/contract/tickets/tickets';
import { formatDate } from '#lib/format.ts';
import { shortTicketId, StatusBadge } from './ticket-badges.tsx';

/** Subject, status and the facts both sides want at the top of a ticket. */
export function TicketHeader({ ticket, actions }: { ticket: TicketSummary; actions?: ReactNode }) {
  const facts = [
    shortTicketId(ticket._id),
    TICKET_CATEGORY_LABELS[ticket.category],
    ticket.plan ? `Plan: ${ticket.plan.name}` : null,
    `Opened ${formatDate(ticket.createdAt, '24h')}`,
    ticket.closedAt ? `Closed ${formatDate(ticket.closedAt, '24h')}` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <div className="mb-1.5">
          <StatusBadge status={ticket.status} />
        </div>
        <h1
          className="text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl dark:text-white"
          data-testid="ticket-subject"
        >
          {ticket.subject}
        </h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {facts.map((fact, index) => (
            <Fragment key={fact}>
              {/* The dot stays with the fact before it, so no line starts with one. */}
              {index > 0 && '\u00a0· '}
              <span className="whitespace-nowrap">{fact}</span>
            </Fragment>
          ))}
        </p>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
