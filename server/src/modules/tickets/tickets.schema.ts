import { TICKET_CATEGORIES, TICKET_STATUSES } from '@tollgate/contract/tickets/tickets';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** node-postgres hands bytea back as a Buffer, PGlite as a Uint8Array: both leave here as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Spec §3 Ticket: a customer's question and its conversation. Closing (the spec's DELETE) keeps
 * every row; accounts are soft-deleted, so a deleted customer's tickets stay readable to staff.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    subject: text('subject').notNull(),
    category: text('category', { enum: TICKET_CATEGORIES }).notNull(),
    /** The customer's plan (a subscription) the ticket is about; the column keeps its first name. */
    subscriptionId: uuid('plan_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => accounts.id),
    /** When the customer last opened it: staff answers after this are unread for them. */
    customerReadAt: at('customer_read_at'),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
    closedBy: uuid('closed_by').references(() => accounts.id),
  },
  (t) => [
    index('tickets_account_idx').on(t.accountId, t.lastMessageAt),
    // The desk's order (open and answered first, newest activity, id): a page is read off the index.
    index('tickets_desk_order_idx').on(
      sql`(${t.status} = 'closed')`,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tickets_status_idx').on(t.status, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tickets_assignee_idx').on(t.assigneeId),
    check('tickets_status_known', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('tickets_category_known', sql`${t.category} in ('billing', 'proxies', 'account', 'other')`),
  ],
);

/** The ticket's thread (the spec's `values`); internal rows are staff notes the customer never sees. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => accounts.id),
    authorKind: text('author_kind', { enum: ['customer', 'staff'] }).notNull(),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('ticket_messages_note_by_staff', sql`not ${t.internal} or ${t.authorKind} = 'staff'`),
  ],
);

/**
 * Images sent with ticket messages. The bytes live in the database so every instance serves them
 * and none is public; an upload stays pending (no message) until sent, and is deleted after a day.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => accounts.id),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    /** The uploader's file name, cleaned for display only; never a path. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_attachments_message_idx').on(t.messageId),
    index('ticket_attachments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.messageId} is null`),
  ],
);

/**
 * Tickets opened per account and UTC day, taken by one conditional upsert in the creating
 * transaction (DESIGN §3): parallel creations cannot pass the limit, a rolled-back one takes nothing.
 */
export const ticketDailyCounts = pgTable(
  'ticket_daily_counts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), check('ticket_daily_counts_positive', sql`${t.count} > 0`)],
);
