import type { Db } from '#platform/db/client.ts';
import { notificationsRepository } from './notifications.repository';
import { ticketsRepository as repo } from './tickets.repository';

/**
 * The spec's DELETE of a ticket, by its customer or by staff (rule 77, ADR 050): one conditional
 * update closes it (of parallel closes exactly one wins), and the customer's bell entries about it
 * are read in the same transaction, since what they point at is gone for the customer. Null when
 * there was nothing to close (already closed, unknown, or not `accountId`'s).
 */
export function closeTicket(db: Db, id: string, closedBy: string, accountId?: string) {
  return db.transaction(async (tx) => {
    const closed = await repo.close(tx, id, closedBy, accountId);
    if (closed) await notificationsRepository.markTicketRead(tx, closed.accountId, id);
    return closed;
  });
}
