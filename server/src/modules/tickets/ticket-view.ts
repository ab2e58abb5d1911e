import type {
  StaffTicketSummary,
  Ticket,
  TicketAttachment,
  TicketSummary,
  TicketValue,
} from '@tollgate/contract/tickets/tickets';
import type { DbOrTx } from '#platform/db/client.ts';
import { notFound } from '#platform/http/errors.ts';
import { ticketAttachmentsRepository, type AttachmentMeta } from './ticket-attachments.repository';
import { ticketsRepository as repo, type TicketRow, type Viewer } from './tickets.repository';

export const UNKNOWN_TICKET = 'Unknown ticket';
/** Customers talk to the team, not to a named staff member. */
export const STAFF_NAME_FOR_CUSTOMERS = 'Support team';

const iso = (value: Date) => value.toISOString();

export const toAttachment = (row: AttachmentMeta): TicketAttachment => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType as TicketAttachment['contentType'],
  size: row.size,
});

export function toSummary(row: {
  ticket: TicketRow;
  planName: string | null;
  messageCount: number;
  unread: boolean;
}): TicketSummary {
  const { ticket } = row;
  return {
    _id: ticket.id,
    subject: ticket.subject,
    category: ticket.category,
    status: ticket.status,
    plan: ticket.subscriptionId && row.planName ? { id: ticket.subscriptionId, name: row.planName } : null,
    unread: Boolean(row.unread),
    messageCount: row.messageCount,
    lastMessageAt: iso(ticket.lastMessageAt),
    createdAt: iso(ticket.createdAt),
    closedAt: ticket.closedAt ? iso(ticket.closedAt) : null,
  };
}

export function toStaffSummary(
  row: Parameters<typeof toSummary>[0] & {
    customer: { id: string; username: string; email: string };
    assignee: { id: string | null; username: string | null } | null;
  },
): StaffTicketSummary {
  return {
    ...toSummary(row),
    customer: row.customer,
    assignee: row.assignee?.id ? { id: row.assignee.id, username: row.assignee.username ?? '' } : null,
  };
}

/** The conversation as `viewer` may see it: customers get neither notes nor staff names. */
export async function threadOf(db: DbOrTx, ticketId: string, viewer: Viewer): Promise<TicketValue[]> {
  const messages = await repo.messages(db, ticketId, viewer);
  const attachments = await ticketAttachmentsRepository.ofMessages(
    db,
    messages.map((m) => m.message.id),
  );
  return messages.map(({ message, authorName }) => ({
    id: message.id,
    author: message.authorKind,
    authorName: viewer === 'customer' && message.authorKind === 'staff' ? STAFF_NAME_FOR_CUSTOMERS : authorName,
    body: message.body,
    internal: message.internal,
    attachments: attachments.filter((a) => a.messageId === message.id).map(toAttachment),
    createdAt: iso(message.createdAt),
  }));
}

/** The ticket with its thread as the customer sees it. */
export async function customerTicket(db: DbOrTx, ticketId: string): Promise<Ticket> {
  const summary = await repo.summary(db, ticketId, 'customer');
  if (!summary) throw notFound(UNKNOWN_TICKET);
  return { ...toSummary(summary), values: await threadOf(db, ticketId, 'customer') };
}
