import { and, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts, notifications } from '#platform/db/schema.ts';

/**
 * Puts an entry in each recipient's bell in one INSERT ... SELECT, so a fan-out to every staff
 * member is one statement. Only accounts still able to sign in receive it (not disabled or deleted);
 * unknown ids are skipped. It throws like any query: pass `tx` to make the entry part of a
 * transaction, or call it after one and decide whether a failure matters (spec §6 logs them only).
 */
export async function notify(
  db: DbOrTx,
  input: {
    /** Named accounts, or every account holding one of the roles but `except` (the author). */
    to: { accountIds: string[] } | { roles: Array<'Administrator' | 'Manager' | 'Support'>; except?: string };
    message: string;
    /** The in-app path the entry opens, e.g. `/ticket/<id>` or `/admin/change-requests`. */
    link: string;
    /** The ticket it is about: opening that ticket reads the entry. */
    ticketId?: string;
  },
): Promise<void> {
  const { to, message, link, ticketId } = input;
  const who =
    'accountIds' in to
      ? to.accountIds.length > 0
        ? inArray(accounts.id, to.accountIds)
        : undefined
      : to.roles.length > 0
        ? and(inArray(accounts.role, to.roles), to.except ? ne(accounts.id, to.except) : undefined)
        : undefined;
  if (!who) return;
  await db.insert(notifications).select(
    db
      .select({
        id: sql`gen_random_uuid()`.as('id'),
        recipientId: accounts.id,
        ticketId: sql`${ticketId ?? null}::uuid`.as('ticket_id'),
        message: sql`${message}::text`.as('message'),
        link: sql`${link}::text`.as('link'),
        readAt: sql`null::timestamptz`.as('read_at'),
        createdAt: sql`now()`.as('created_at'),
      })
      .from(accounts)
      .where(and(who, isNull(accounts.disabledAt), isNull(accounts.deletedAt))),
  );
}

export type NotifyInput = Parameters<typeof notify>[1];
