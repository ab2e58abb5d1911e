import type { AdminNotification } from '@tollgate/contract/tickets/notifications';
import type { DbOrTx } from '#platform/db/client.ts';
import { notFound } from '#platform/http/errors.ts';
import type { TicketsDeps } from './tickets.deps';
import { notificationsRepository as repo } from './notifications.repository';

const toNotification = (row: Awaited<ReturnType<typeof repo.newest>>[number]): AdminNotification => ({
  id: row.id,
  ticket: row.ticketId,
  message: row.message,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Each staff member's own notifications: what customers did on tickets (new tickets, replies). */
export function createNotificationsService({ db, log }: { db: DbOrTx; log: TicketsDeps['log'] }) {
  return {
    /**
     * Tells every staff member but the author. Spec §6: notification failures are logged only, so
     * the ticket call that caused it still succeeds.
     */
    async notifyStaff(ticketId: string, message: string, authorId: string) {
      try {
        await repo.fanOut(db, ticketId, message, authorId);
      } catch (err) {
        log.error({ err, ticketId }, 'staff notification failed');
      }
    },

    async list(recipientId: string) {
      const rows = await repo.newest(db, recipientId);
      return { notifications: rows.map(toNotification), unread: await repo.unread(db, recipientId) };
    },

    async markAll(recipientId: string) {
      await repo.markRead(db, recipientId);
      return { unread: await repo.unread(db, recipientId) };
    },

    /** Opening a ticket reads what it notified, however the staff member got there. */
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
