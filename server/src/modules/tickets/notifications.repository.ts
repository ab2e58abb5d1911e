import { NOTIFICATION_LIST_LIMIT } from '@tollgate/contract/tickets/notifications';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { adminNotifications } from './tickets.schema';

/** Who works the ticket desk (DESIGN §10): Administrators and Managers still able to sign in. */
export const activeStaff = and(
  inArray(accounts.role, ['Administrator', 'Manager']),
  isNull(accounts.disabledAt),
  isNull(accounts.deletedAt),
);

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

  /** One row per staff member but `exceptId`, in one statement. */
  async fanOut(db: DbOrTx, ticketId: string, message: string, exceptId: string) {
    await db.insert(adminNotifications).select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          recipientId: accounts.id,
          ticketId: sql`${ticketId}::uuid`.as('ticket_id'),
          message: sql`${message}`.as('message'),
          readAt: sql`null::timestamptz`.as('read_at'),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(accounts)
        .where(and(activeStaff, ne(accounts.id, exceptId))),
    );
  },

  async newest(db: DbOrTx, recipientId: string) {
    return db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.recipientId, recipientId))
      .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
      .limit(NOTIFICATION_LIST_LIMIT);
  },

  async unread(db: DbOrTx, recipientId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(adminNotifications)
      .where(and(eq(adminNotifications.recipientId, recipientId), isNull(adminNotifications.readAt)));
    return row?.n ?? 0;
  },

  /** Marks the recipient's unread notifications (or just `id`) read; false when `id` is not theirs. */
  async markRead(db: DbOrTx, recipientId: string, id?: string) {
    if (id) {
      const [row] = await db
        .select({ id: adminNotifications.id })
        .from(adminNotifications)
        .where(and(eq(adminNotifications.id, id), eq(adminNotifications.recipientId, recipientId)));
      if (!row) return false;
    }
    await db
      .update(adminNotifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(adminNotifications.recipientId, recipientId),
          isNull(adminNotifications.readAt),
          id ? eq(adminNotifications.id, id) : undefined,
        ),
      );
    return true;
  },

  /** Marks the recipient's unread notifications about one ticket read. */
  async markTicketRead(db: DbOrTx, recipientId: string, ticketId: string) {
    await db
      .update(adminNotifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(adminNotifications.recipientId, recipientId),
          eq(adminNotifications.ticketId, ticketId),
          isNull(adminNotifications.readAt),
        ),
      );
  },
};
