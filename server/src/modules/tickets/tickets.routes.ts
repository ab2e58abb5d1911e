import { adminNotifications, markAllNotifications, markNotification } from '@tollgate/contract/tickets/notifications';
import {
  assignTicket,
  closeMyTicket,
  createTicket,
  myTicket,
  myTicketAttachment,
  myTickets,
  myTicketStats,
  replyToMyTicket,
  staffCloseTicket,
  staffReply,
  staffTicket,
  staffTicketAttachment,
  staffTickets,
  staffTicketStats,
  staffUploadTicketAttachment,
  ticketAssignees,
  uploadTicketAttachment,
} from '@tollgate/contract/tickets/tickets';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { notFound } from '#platform/http/errors.ts';
import { createNotificationsService } from './notifications.service';
import { createStaffTicketsService } from './staff-tickets.service';
import { createTicketAttachments } from './ticket-attachments.service';
import { UNKNOWN_TICKET } from './ticket-view';
import type { TicketsDeps } from './tickets.deps';
import { ticketsRepository } from './tickets.repository';
import { createTicketsService } from './tickets.service';

/** Support tickets (issue 15): the customer's /ticket calls, the staff desk, staff notifications. */
export function ticketsModule(deps: TicketsDeps): RouteDefinition[] {
  const attachments = createTicketAttachments(deps);
  const notifications = createNotificationsService(deps);
  const mine = createTicketsService(deps, { attachments, notifications });
  const desk = createStaffTicketsService(deps, { attachments });

  /** Customers reach images only through their own tickets; another's ticket is simply not found. */
  async function myAttachment(accountId: string, ticketId: string, attachmentId: string) {
    if (!(await ticketsRepository.find(deps.db, ticketId, { accountId }))) throw notFound(UNKNOWN_TICKET);
    return attachments.content(ticketId, attachmentId, { publicOnly: true });
  }

  return [
    route(myTickets, ({ auth, query }) => mine.list(auth, query)),
    route(createTicket, ({ auth, body }) => mine.create(auth, body)),
    route(myTicket, ({ auth, params }) => mine.get(auth, params.id)),
    route(replyToMyTicket, ({ auth, params, body }) => mine.reply(auth, params.id, body)),
    route(closeMyTicket, ({ auth, params }) => mine.close(auth, params.id)),
    route(myTicketStats, ({ auth }) => mine.stats(auth)),
    route(uploadTicketAttachment, async ({ auth, request }) =>
      attachments.upload(auth.accountId, await request.file()),
    ),
    route(myTicketAttachment, ({ auth, params }) => myAttachment(auth.accountId, params.id, params.attachmentId)),

    route(staffTickets, ({ query }) => desk.list(query)),
    route(staffTicket, async ({ auth, params }) => {
      const ticket = await desk.get(params.id);
      await notifications.seenTicket(auth.accountId, params.id);
      return ticket;
    }),
    route(staffReply, async ({ auth, body, useMessage }) => {
      if (body.internal) useMessage('note');
      return desk.reply(auth, body);
    }),
    route(assignTicket, ({ params, body }) => desk.assign(params.id, body.assigneeId)),
    route(staffCloseTicket, ({ auth, params }) => desk.close(auth, params.id)),
    route(staffTicketStats, () => desk.stats()),
    route(ticketAssignees, () => desk.assignees()),
    route(staffUploadTicketAttachment, async ({ auth, request }) =>
      attachments.upload(auth.accountId, await request.file()),
    ),
    route(staffTicketAttachment, ({ params }) =>
      attachments.content(params.id, params.attachmentId, { publicOnly: false }),
    ),

    route(adminNotifications, ({ auth }) => notifications.list(auth.accountId)),
    route(markAllNotifications, ({ auth }) => notifications.markAll(auth.accountId)),
    route(markNotification, ({ auth, params }) => notifications.markOne(auth.accountId, params.id)),
  ];
}
