import {
  adminNotifications,
  markAllMyNotifications,
  markAllNotifications,
  markMyNotification,
  markNotification,
  myNotifications,
} from '@tollgate/contract/tickets/notifications';
import {
  assignTicket,
  closeMyTicket,
  createTicket,
  myTicket,
  myTicketAttachment,
  myTickets,
  myTicketStats,
  reopenTicket,
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
import type { FastifyReply } from 'fastify';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { notFound } from '#platform/http/errors.ts';
import { createNotificationsService } from './notifications.service';
import { createStaffTicketsService } from './staff-tickets.service';
import { createTicketAttachments } from './ticket-attachments.service';
import { UNKNOWN_TICKET } from './ticket-view';
import type { TicketsDeps } from './tickets.deps';
import { ticketsRepository } from './tickets.repository';
import { createTicketsService } from './tickets.service';

/** Support tickets (issue 15): the customer's /ticket calls, the staff desk, everyone's ticket notifications. */
export function ticketsRoutes(deps: TicketsDeps): RouteDefinition[] {
  const attachments = createTicketAttachments(deps);
  const notifications = createNotificationsService(deps);
  const mine = createTicketsService(deps, { attachments, notifications });
  const desk = createStaffTicketsService(deps, { attachments, notifications });

  /** Customers reach images only through their own tickets not closed; any other ticket is simply not found. */
  async function myAttachment(accountId: string, ticketId: string, attachmentId: string) {
    if (!(await ticketsRepository.find(deps.db, ticketId, { accountId, notClosed: true })))
      throw notFound(UNKNOWN_TICKET);
    return attachments.content(ticketId, attachmentId, { publicOnly: true });
  }

  /**
   * The web shows an image from the payload (a data: URL of the re-encoded bytes), so nothing is
   * lost by telling a browser that opens this address itself to save it rather than render it: rows
   * stored before uploads were re-encoded hold whatever was sent. nosniff is on every answer.
   */
  const asDownload = (reply: FastifyReply) => reply.header('content-disposition', 'attachment');

  return [
    route(myTickets, ({ auth, query }) => mine.list(auth, query)),
    route(createTicket, ({ auth, body }) => mine.create(auth, body)),
    route(myTicket, async ({ auth, params }) => {
      const ticket = await mine.get(auth, params.id);
      await notifications.seenTicket(auth.accountId, params.id);
      return ticket;
    }),
    route(replyToMyTicket, ({ auth, params, body }) => mine.reply(auth, params.id, body)),
    route(closeMyTicket, ({ auth, params }) => mine.close(auth, params.id)),
    route(myTicketStats, ({ auth }) => mine.stats(auth)),
    route(uploadTicketAttachment, async ({ auth, request }) =>
      attachments.upload(auth.accountId, await request.file()),
    ),
    route(myTicketAttachment, ({ auth, params, reply }) => {
      asDownload(reply);
      return myAttachment(auth.accountId, params.id, params.attachmentId);
    }),

    route(staffTickets, ({ query }) => desk.list(query)),
    route(staffTicket, async ({ auth, params }) => {
      const ticket = await desk.get(auth, params.id);
      await notifications.seenTicket(auth.accountId, params.id);
      return ticket;
    }),
    route(staffReply, async ({ auth, body, useMessage }) => {
      if (body.internal) useMessage('note');
      return desk.reply(auth, body);
    }),
    route(assignTicket, ({ auth, params, body }) => desk.assign(auth, params.id, body.assigneeId)),
    route(staffCloseTicket, ({ auth, params }) => desk.close(auth, params.id)),
    route(reopenTicket, ({ auth, params }) => desk.reopen(auth, params.id)),
    route(staffTicketStats, () => desk.stats()),
    route(ticketAssignees, () => desk.assignees()),
    route(staffUploadTicketAttachment, async ({ auth, request }) =>
      attachments.upload(auth.accountId, await request.file()),
    ),
    route(staffTicketAttachment, ({ params, reply }) => {
      asDownload(reply);
      return attachments.content(params.id, params.attachmentId, { publicOnly: false });
    }),

    route(adminNotifications, ({ auth }) => notifications.list(auth.accountId)),
    route(markAllNotifications, ({ auth }) => notifications.markAll(auth.accountId)),
    route(markNotification, ({ auth, params }) => notifications.markOne(auth.accountId, params.id)),
    // The customer area's bell: the same entries, the caller's own.
    route(myNotifications, ({ auth }) => notifications.list(auth.accountId)),
    route(markAllMyNotifications, ({ auth }) => notifications.markAll(auth.accountId)),
    route(markMyNotification, ({ auth, params }) => notifications.markOne(auth.accountId, params.id)),
  ];
}
