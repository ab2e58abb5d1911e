import { NOTIFICATION_LIST_LIMIT } from '@tollgate/contract/tickets/notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts, notifications } from '#platform/db/schema.ts';

/** Who works the ticket desk (DESIGN §10): Administrators, Managers and Support still able to sign in. */
export const activeStaff = and(
  inArray(accounts.role, ['Administrator', 'Manager', 'Support']),
  isNull(accounts.disabledAt),
  isNull(accounts.deletedAt),
);

/** Each account's own bell entries (platform/notify writes them); customers and staff alike. */
export const notificationsRepository = {
  async staff(db: DbOrTx) {
    return db
      .select({ id: accounts.id, username: accounts.username })
      .from(accounts)
      .where(activeStaff)
      .orderBy(accounts.username);
  },

  async isStaff(db: DbOrTx, id: string) {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, id), activeStaff));
    return Boolean(row);
  },

  async newest(db: DbOrTx, recipientId: string) {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, recipientId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT);
  },

  async unread(db: DbOrTx, recipientId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  },

  /** Marks the recipient's unread notifications (or just `id`) read; false when `id` is not theirs. */
  async markRead(db: DbOrTx, recipientId: string, id?: string) {
    if (id) {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)));
      if (!row) return false;
    }
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.recipientId, recipientId),
          isNull(notifications.readAt),
          id ? eq(notifications.id, id) : undefined,
        ),
      );
    return true;
  },

  /** Marks the recipient's unread notifications about one ticket read. */
  async markTicketRead(db: DbOrTx, recipientId: string, ticketId: string) {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.recipientId, recipientId),
          eq(notifications.ticketId, ticketId),
          isNull(notifications.readAt),
        ),
      );
  },
};
