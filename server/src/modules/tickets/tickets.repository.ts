import type {
  CUSTOMER_TICKET_STATUSES,
  STAFF_TICKET_STATUS_FILTERS,
  TicketCategory,
} from '@tollgate/contract/tickets/tickets';
import { and, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { containsPattern } from '#platform/db/search.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { ticketDailyCounts, ticketMessages, tickets } from './tickets.schema';

export type TicketRow = typeof tickets.$inferSelect;
export type Viewer = 'customer' | 'staff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const customer = alias(accounts, 'customer');
const assignee = alias(accounts, 'assignee');

/** Customers never count or see staff notes. */
const visibleTo = (viewer: Viewer) => (viewer === 'customer' ? sql` and ${ticketMessages.internal} = false` : sql``);

/** A staff public answer the customer has not opened since. */
const unreadByCustomer = sql<boolean>`exists (select 1 from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id}
  and ${ticketMessages.authorKind} = 'staff' and ${ticketMessages.internal} = false
  and ${ticketMessages.createdAt} > coalesce(${tickets.customerReadAt}, '-infinity'::timestamptz))`;

const summaryColumns = (viewer: Viewer) => ({
  ticket: tickets,
  planName: sql<string | null>`coalesce(${subscriptions.label}, ${subscriptions.planTitle})`,
  messageCount:
    sql<number>`(select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id}${visibleTo(viewer)})`.mapWith(
      Number,
    ),
  unread: viewer === 'customer' ? unreadByCustomer : sql<boolean>`${tickets.status} = 'open'`,
});

/**
 * Rule 77: closing deletes a ticket for its customer (ADR 050). The row stays for staff, so every
 * customer read and the desk's working queue ask for tickets not closed.
 */
const notClosed = ne(tickets.status, 'closed');

/** Open and answered first, then the newest activity; id last so pages never overlap. */
const listOrder = [sql`(${tickets.status} = 'closed')`, desc(tickets.lastMessageAt), desc(tickets.id)];

function searchOf(search: string | undefined, fragments: (pattern: string) => SQL[]): SQL | undefined {
  if (!search) return undefined;
  const byId = UUID.test(search) ? [eq(tickets.id, search.toLowerCase())] : [];
  return or(...byId, ...fragments(containsPattern(search)));
}

/** Tickets with their customer and assignee, as the staff desk lists them (and `extra` columns). */
const staffRows = <Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra) =>
  db
    .select({
      ...summaryColumns('staff'),
      customer: { id: customer.id, username: customer.username, email: customer.email },
      assignee: { id: assignee.id, username: assignee.username },
      ...extra,
    })
    .from(tickets)
    .innerJoin(customer, eq(customer.id, tickets.accountId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
    .leftJoin(subscriptions, eq(subscriptions.id, tickets.subscriptionId))
    .$dynamic();

interface ListQuery {
  page: number;
  size: number;
  search?: string | undefined;
}
export interface CustomerListQuery extends ListQuery {
  status?: (typeof CUSTOMER_TICKET_STATUSES)[number] | undefined;
}
export interface StaffListQuery extends ListQuery {
  status?: (typeof STAFF_TICKET_STATUS_FILTERS)[number] | undefined;
  category?: TicketCategory | undefined;
  assignee?: string | undefined;
}

export const ticketsRepository = {
  async insertTicket(tx: DbOrTx, values: typeof tickets.$inferInsert) {
    const [row] = await tx.insert(tickets).values(values).returning();
    return row!;
  },

  async insertMessage(tx: DbOrTx, values: typeof ticketMessages.$inferInsert) {
    const [row] = await tx.insert(ticketMessages).values(values).returning();
    return row!;
  },

  /**
   * One ticket, optionally only the given account's, optionally only while not closed (all its
   * customer still has); `lock` holds it until the transaction ends.
   */
  async find(db: DbOrTx, id: string, options: { accountId?: string; notClosed?: boolean; lock?: boolean } = {}) {
    const where = and(
      eq(tickets.id, id),
      options.accountId ? eq(tickets.accountId, options.accountId) : undefined,
      options.notClosed ? notClosed : undefined,
    );
    const query = db.select().from(tickets).where(where);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async update(tx: DbOrTx, id: string, values: Partial<typeof tickets.$inferInsert>) {
    const [row] = await tx.update(tickets).set(values).where(eq(tickets.id, id)).returning();
    return row ?? null;
  },

  /** The database's clock, the one staff answers are stamped with. */
  async markReadByCustomer(db: DbOrTx, id: string) {
    await db
      .update(tickets)
      .set({ customerReadAt: sql`now()` })
      .where(eq(tickets.id, id));
  },

  /**
   * Closes unless already closed, in one conditional statement (of parallel closes one wins); null
   * when there was nothing to close. Answers whose ticket it was.
   */
  async close(db: DbOrTx, id: string, closedBy: string, accountId?: string) {
    const [row] = await db
      .update(tickets)
      .set({ status: 'closed', closedAt: sql`now()`, closedBy })
      .where(and(eq(tickets.id, id), notClosed, accountId ? eq(tickets.accountId, accountId) : undefined))
      .returning({ id: tickets.id, accountId: tickets.accountId });
    return row ?? null;
  },

  /**
   * Reopens a closed ticket in one conditional statement (so of parallel reopens one wins): open
   * again when the customer wrote the last public message, answered when staff did. Null when the
   * ticket was not closed.
   */
  async reopen(db: DbOrTx, id: string) {
    const lastAuthor = sql`(select ${ticketMessages.authorKind} from ${ticketMessages}
      where ${ticketMessages.ticketId} = ${tickets.id} and ${ticketMessages.internal} = false
      order by ${ticketMessages.createdAt} desc, ${ticketMessages.id} desc limit 1)`;
    const [row] = await db
      .update(tickets)
      .set({
        status: sql`case when ${lastAuthor} = 'staff' then 'answered' else 'open' end`,
        closedAt: null,
        closedBy: null,
      })
      .where(and(eq(tickets.id, id), eq(tickets.status, 'closed')))
      .returning({ id: tickets.id });
    return row ?? null;
  },

  async summary(db: DbOrTx, id: string, viewer: Viewer) {
    const [row] = await db
      .select(summaryColumns(viewer))
      .from(tickets)
      .leftJoin(subscriptions, eq(subscriptions.id, tickets.subscriptionId))
      .where(eq(tickets.id, id));
    return row ?? null;
  },

  async staffSummary(db: DbOrTx, id: string) {
    const [row] = await staffRows(db, {}).where(eq(tickets.id, id));
    return row ?? null;
  },

  async customerPage(db: DbOrTx, accountId: string, query: CustomerListQuery) {
    const where = and(
      eq(tickets.accountId, accountId),
      notClosed,
      query.status ? eq(tickets.status, query.status) : undefined,
      searchOf(query.search, (pattern) => [sql`${tickets.subject} ilike ${pattern}`]),
    );
    // The plan is joined on its key and left: no ticket is dropped or repeated, as the count had it.
    return readPage(query, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...summaryColumns('customer'), pageTotal })
            .from(tickets)
            .leftJoin(subscriptions, eq(subscriptions.id, tickets.subscriptionId))
            .where(where)
            .orderBy(...listOrder),
        ),
      count: () => countWhere(db, tickets, where),
    });
  },

  async staffPage(db: DbOrTx, query: StaffListQuery) {
    const where = and(
      // No status is the working queue; closed tickets are the history, asked for by name.
      query.status === 'all' ? undefined : query.status ? eq(tickets.status, query.status) : notClosed,
      query.category ? eq(tickets.category, query.category) : undefined,
      query.assignee === 'none'
        ? isNull(tickets.assigneeId)
        : query.assignee
          ? eq(tickets.assigneeId, query.assignee)
          : undefined,
      searchOf(query.search, (pattern) => [
        sql`${tickets.subject} ilike ${pattern}`,
        sql`lower(${customer.username}) like lower(${pattern})`,
        sql`lower(${customer.email}) like lower(${pattern})`,
      ]),
    );
    // The search reads the customer, so the count joins it too. The statement's other joins (the
    // assignee and the plan) are left joins on a key: they neither drop nor repeat a ticket.
    return readPage(query, {
      rows: ({ pageTotal, slice }) =>
        slice(
          staffRows(db, { pageTotal })
            .where(where)
            .orderBy(...listOrder),
        ),
      count: () =>
        db.select({ n: count() }).from(tickets).innerJoin(customer, eq(customer.id, tickets.accountId)).where(where),
    });
  },

  /** Counts of every ticket by status, for the desk. */
  async stats(db: DbOrTx) {
    const [row] = await db
      .select({
        open: sql<number>`count(*) filter (where ${tickets.status} = 'open')`.mapWith(Number),
        answered: sql<number>`count(*) filter (where ${tickets.status} = 'answered')`.mapWith(Number),
        closed: sql<number>`count(*) filter (where ${tickets.status} = 'closed')`.mapWith(Number),
      })
      .from(tickets);
    return row!;
  },

  /** One customer's counts: only what they still have (closed tickets are deleted for them). */
  async customerStats(db: DbOrTx, accountId: string) {
    const [row] = await db
      .select({
        open: sql<number>`count(*) filter (where ${tickets.status} = 'open')`.mapWith(Number),
        answered: sql<number>`count(*) filter (where ${tickets.status} = 'answered')`.mapWith(Number),
        // Only a customer's own few tickets are worth the per-ticket look at their answers.
        unreadAnswers: sql<number>`count(*) filter (where ${unreadByCustomer})`.mapWith(Number),
      })
      .from(tickets)
      .where(and(eq(tickets.accountId, accountId), notClosed));
    return row!;
  },

  async messages(db: DbOrTx, ticketId: string, viewer: Viewer) {
    return db
      .select({ message: ticketMessages, authorName: accounts.username })
      .from(ticketMessages)
      .innerJoin(accounts, eq(accounts.id, ticketMessages.authorId))
      .where(
        and(
          eq(ticketMessages.ticketId, ticketId),
          viewer === 'customer' ? eq(ticketMessages.internal, false) : undefined,
        ),
      )
      .orderBy(ticketMessages.createdAt, ticketMessages.id);
  },

  /** Is the subscription one of the account's plans (not deleted)? */
  async ownsPlan(db: DbOrTx, accountId: string, subscriptionId: string) {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.accountId, accountId),
          isNull(subscriptions.deletedAt),
        ),
      );
    return Boolean(row);
  },

  /**
   * Takes one of today's (UTC) tickets for the account: one conditional upsert, so parallel
   * creations queue on the row and exactly LIMIT of them get one. False when none is left.
   */
  async takeDailySlot(tx: DbOrTx, accountId: string, limit: number) {
    const rows = await tx
      .insert(ticketDailyCounts)
      .values({ accountId, day: sql`(now() at time zone 'utc')::date`, count: 1 })
      .onConflictDoUpdate({
        target: [ticketDailyCounts.accountId, ticketDailyCounts.day],
        set: { count: sql`${ticketDailyCounts.count} + 1` },
        setWhere: sql`${ticketDailyCounts.count} < ${limit}`,
      })
      .returning({ count: ticketDailyCounts.count });
    return rows.length > 0;
  },
};
