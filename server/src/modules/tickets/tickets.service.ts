import {
  TICKET_CLOSE_FAILED,
  TICKET_CREATE_FAILED,
  TICKET_DAILY_LIMIT,
  TICKET_DAILY_LIMIT_MESSAGE,
  type TicketCategory,
} from '@tollgate/contract/tickets/tickets';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '#platform/db/errors.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import type { TicketAttachments } from './ticket-attachments.service';
import { closeTicket } from './ticket-close';
import { customerTicket, toSummary, UNKNOWN_TICKET } from './ticket-view';
import type { TicketsDeps } from './tickets.deps';
import type { NotificationsService } from './notifications.service';
import { ticketsRepository as repo, type CustomerListQuery } from './tickets.repository';

export const UNKNOWN_PLAN = 'Unknown plan';

/** Seconds until the next UTC midnight, when a new day's tickets may be opened. */
function secondsToNextUtcDay(now = new Date()) {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

const dailyLimitReached = () =>
  new AppError(429, TICKET_DAILY_LIMIT_MESSAGE, {
    error: TICKET_DAILY_LIMIT_MESSAGE,
    retryAfterSeconds: secondsToNextUtcDay(),
  });

interface Services {
  attachments: TicketAttachments;
  notifications: NotificationsService;
}

/**
 * The customer's side of the desk (spec §2 /ticket): only the caller's own tickets, someone
 * else's is simply not found; staff notes never leave this module through these calls.
 */
export function createTicketsService({ db }: Pick<TicketsDeps, 'db'>, { attachments, notifications }: Services) {
  return {
    async list(auth: AuthContext, query: CustomerListQuery) {
      const { rows, total } = await repo.customerPage(db, auth.accountId, query);
      return { items: rows.map(toSummary), total, page: query.page, size: query.size };
    },

    /** `closed` stays in the answer for older clients; a customer has none (rule 77). */
    async stats(auth: AuthContext) {
      const { open, answered, unreadAnswers } = await repo.customerStats(db, auth.accountId);
      return { open, answered, closed: 0, unread: unreadAnswers };
    },

    /** Opening the ticket reads its answers: the unread mark goes. A closed one is gone: 404. */
    async get(auth: AuthContext, id: string) {
      const ticket = await repo.find(db, id, { accountId: auth.accountId, notClosed: true });
      if (!ticket) throw notFound(UNKNOWN_TICKET);
      await repo.markReadByCustomer(db, id);
      return customerTicket(db, id);
    },

    /**
     * The day's slot, the ticket, its first message and its images commit together: a refused
     * image or a crash gives the slot back, and parallel creations never pass the limit.
     */
    async create(
      auth: AuthContext,
      body: {
        subject: string;
        category: TicketCategory;
        planId: string | null;
        message: string;
        attachmentIds: string[];
      },
    ) {
      if (body.planId && !(await repo.ownsPlan(db, auth.accountId, body.planId))) throw badRequest(UNKNOWN_PLAN);
      let ticketId: string;
      try {
        ticketId = await db.transaction(async (tx) => {
          if (!(await repo.takeDailySlot(tx, auth.accountId, TICKET_DAILY_LIMIT))) throw dailyLimitReached();
          const ticket = await repo.insertTicket(tx, {
            accountId: auth.accountId,
            subject: body.subject,
            category: body.category,
            subscriptionId: body.planId,
          });
          const message = await repo.insertMessage(tx, {
            ticketId: ticket.id,
            authorId: auth.accountId,
            authorKind: 'customer',
            body: body.message,
          });
          await attachments.attach(tx, body.attachmentIds, {
            uploaderId: auth.accountId,
            ticketId: ticket.id,
            messageId: message.id,
          });
          return ticket.id;
        });
      } catch (error) {
        // The plan was deleted between the check and the insert.
        if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw badRequest(TICKET_CREATE_FAILED);
        throw error;
      }
      await notifications.notifyStaff(
        ticketId,
        `New ticket from ${auth.account.username}: ${body.subject}`,
        auth.accountId,
      );
      return customerTicket(db, ticketId);
    },

    async reply(auth: AuthContext, id: string, body: { message: string; attachmentIds: string[] }) {
      const subject = await db.transaction(async (tx) => {
        // A closed ticket is deleted for its customer: as unknown as someone else's.
        const ticket = await repo.find(tx, id, { accountId: auth.accountId, notClosed: true, lock: true });
        if (!ticket) throw notFound(UNKNOWN_TICKET);
        const message = await repo.insertMessage(tx, {
          ticketId: id,
          authorId: auth.accountId,
          authorKind: 'customer',
          body: body.message,
        });
        await attachments.attach(tx, body.attachmentIds, {
          uploaderId: auth.accountId,
          ticketId: id,
          messageId: message.id,
        });
        // Writing means the customer has read everything before it.
        await repo.update(tx, id, {
          status: 'open',
          lastMessageAt: message.createdAt,
          customerReadAt: message.createdAt,
        });
        return ticket.subject;
      });
      await notifications.notifyStaff(id, `${auth.account.username} replied: ${subject}`, auth.accountId);
      return customerTicket(db, id);
    },

    /**
     * The spec's DELETE: the ticket leaves the customer's side (ADR 050) while staff keep it. Closing
     * it again is the spec's close failure, as before; someone else's or an unknown one is 404.
     */
    async close(auth: AuthContext, id: string) {
      if (await closeTicket(db, id, auth.accountId, auth.accountId)) return null;
      if (!(await repo.find(db, id, { accountId: auth.accountId }))) throw notFound(UNKNOWN_TICKET);
      throw badRequest(TICKET_CLOSE_FAILED);
    },
  };
}
