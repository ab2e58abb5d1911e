import type { AdminNotification } from '@tollgate/contract/tickets/notifications';
import type { DbOrTx } from '#platform/db/client.ts';
import { notFound } from '#platform/http/errors.ts';
import { notify } from '#platform/notify/notify.ts';
import type { TicketsDeps } from './tickets.deps';
import { notificationsRepository as repo } from './notifications.repository';

const toNotification = (row: Awaited<ReturnType<typeof repo.newest>>[number]): AdminNotification => ({
  id: row.id,
  ticket: row.ticketId,
  message: row.message,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Each account's own bell: staff hear what customers did on tickets (new tickets, replies), a
 * customer hears that Support answered. Spec §6: notification failures are logged only, so the
 * ticket call that caused one still succeeds.
 */
export function createNotificationsService({ db, log }: { db: DbOrTx; log: TicketsDeps['log'] }) {
  async function quietly(ticketId: string, send: () => Promise<void>) {
    try {
      await send();
    } catch (err) {
      log.error({ err, ticketId }, 'ticket notification failed');
    }
  }

  return {
    /** Tells every staff member but the author, each in their own panel's desk. */
    notifyStaff: (ticketId: string, message: string, authorId: string) =>
      quietly(ticketId, async () => {
        const link = (panel: string) => `/${panel}/tickets/${ticketId}`;
        await notify(db, {
          to: { roles: ['Administrator', 'Manager'], except: authorId },
          message,
          link: link('admin'),
          ticketId,
        });
        await notify(db, { to: { roles: ['Support'], except: authorId }, message, link: link('support'), ticketId });
      }),

    /** Tells the ticket's customer that Support answered (issue 32). */
    notifyCustomer: (ticket: { id: string; accountId: string; subject: string }) =>
      quietly(ticket.id, () =>
        notify(db, {
          to: { accountIds: [ticket.accountId] },
          message: `Support answered your ticket: ${ticket.subject}`,
          link: `/ticket/${ticket.id}`,
          ticketId: ticket.id,
        }),
      ),

    async list(recipientId: string) {
      const rows = await repo.newest(db, recipientId);
      return { notifications: rows.map(toNotification), unread: await repo.unread(db, recipientId) };
    },

    async markAll(recipientId: string) {
      await repo.markRead(db, recipientId);
      return { unread: await repo.unread(db, recipientId) };
    },

    /** Opening a ticket reads what it notified, however its reader got there. */
    async seenTicket(recipientId: string, ticketId: string) {
      await repo.markTicketRead(db, recipientId, ticketId);
    },

    async markOne(recipientId: string, id: string) {
      if (!(await repo.markRead(db, recipientId, id))) throw notFound('Unknown notification');
      return { unread: await repo.unread(db, recipientId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
