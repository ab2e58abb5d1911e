import { z } from 'zod';
import { CUSTOMERS, TICKET_DESK } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';

/** §8, byte-exact. */
export const TICKET_DAILY_LIMIT_MESSAGE = 'You have reached your daily ticket limit';
export const TICKET_CREATE_FAILED = 'Error creating new ticket';
export const TICKET_CLOSE_FAILED = 'Error closing ticket';
export const TICKET_CLOSED = 'Ticket closed successfully';
export const TICKET_IS_CLOSED = 'This ticket is closed. Open a new one if you still need help.';
export const TICKET_REOPENED = 'Ticket reopened';
export const TICKET_NOT_CLOSED = 'This ticket is not closed';

/** New tickets one account may open per UTC day; consumed atomically (DESIGN §3). */
export const TICKET_DAILY_LIMIT = 3;
/** §9: customer tickets are listed ten a page. */
export const CUSTOMER_TICKET_PAGE_SIZE = 10;

export const TICKET_ATTACHMENT_MAX_BYTES = 3 * 1024 * 1024;
export const TICKET_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const TICKET_ATTACHMENTS_PER_MESSAGE = 3;
export const TICKET_ATTACHMENT_TOO_LARGE = 'The image is larger than 3 MB';
export const TICKET_ATTACHMENT_NOT_IMAGE = 'Attach a PNG, JPEG or WebP image';
/** An upload not sent with a message within this long is deleted. */
export const TICKET_ATTACHMENT_PENDING_HOURS = 24;

export const TICKET_CATEGORIES = ['billing', 'proxies', 'account', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  billing: 'Billing',
  proxies: 'Proxies not working',
  account: 'Account',
  other: 'Other',
};

/** open: waiting for staff (new, or the customer wrote last); answered: staff wrote last; closed. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};
/**
 * Rule 77: closing a ticket deletes it for its customer (ADR 050). The customer's calls know only
 * these; a closed ticket is kept for staff, who can reopen it.
 */
export const CUSTOMER_TICKET_STATUSES = ['open', 'answered'] as const satisfies readonly TicketStatus[];
/** The desk's status filter: absent is the working queue (open and answered), `all` adds the closed ones. */
export const STAFF_TICKET_STATUS_FILTERS = [...TICKET_STATUSES, 'all'] as const;

const ticketIdParams = z.object({ id: z.uuid('Unknown ticket') });
const datetime = z.iso.datetime({ offset: true });

export const ticketSubjectSchema = z
  .string({ error: 'Write a subject' })
  .trim()
  .min(3, 'Write a subject of at least 3 characters')
  .max(150, 'Keep the subject under 150 characters');

export const ticketMessageBodySchema = z
  .string({ error: 'Write a message' })
  .trim()
  .min(1, 'Write a message')
  .max(10_000, 'Keep the message under 10,000 characters');

const attachmentIdsSchema = z
  .array(z.uuid('Unknown attachment'))
  .max(TICKET_ATTACHMENTS_PER_MESSAGE, `At most ${TICKET_ATTACHMENTS_PER_MESSAGE} images a message`)
  .default([]);

export const ticketAttachmentSchema = z.object({
  id: z.string(),
  /** The name the uploader's file had, shown as text only; stored bytes live under a server-chosen id. */
  name: z.string(),
  contentType: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** One entry of the ticket's thread (the spec's `values`). */
export const ticketValueSchema = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  /** The customer's username, or the staff member's username (customers see "Support team"). */
  authorName: z.string(),
  body: z.string(),
  /** Staff-only notes; never sent to the customer's calls. */
  internal: z.boolean(),
  attachments: z.array(ticketAttachmentSchema),
  createdAt: datetime,
});
export type TicketValue = z.infer<typeof ticketValueSchema>;

export const ticketSummarySchema = z.object({
  _id: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Customer side: staff answered since I last opened it. Staff side: the customer wrote last and it is open. */
  unread: z.boolean(),
  messageCount: z.number().int(),
  lastMessageAt: datetime,
  createdAt: datetime,
  closedAt: datetime.nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({ values: z.array(ticketValueSchema) });
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketStatsSchema = z.object({
  open: z.number().int(),
  answered: z.number().int(),
  /** Staff: closed tickets (the history). Customer: always 0, closed tickets are deleted for them (kept for older clients). */
  closed: z.number().int(),
  /** Customer: tickets with a staff answer I have not read. Staff: open tickets. */
  unread: z.number().int(),
});

// ---------------------------------------------------------------- customer

export const customerTicketListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(CUSTOMER_TICKET_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  status: z.enum(CUSTOMER_TICKET_STATUSES).optional(),
});

export const myTickets = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/ticket',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary:
    'My open and answered tickets (closed ones are deleted for me), newest activity first, ten a page; search by subject or id',
  message: 'Tickets list',
  query: customerTicketListQuerySchema,
  payload: listPayloadSchema(ticketSummarySchema),
});

export const createTicketBodySchema = z.object({
  subject: ticketSubjectSchema,
  category: z.enum(TICKET_CATEGORIES, { error: 'Choose a category' }),
  /** The plan the ticket is about, one of mine: the wire name holds a subscription id. */
  planId: z.uuid('Unknown plan').nullable().default(null),
  message: ticketMessageBodySchema,
  attachmentIds: attachmentIdsSchema,
});

export const createTicket = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/ticket',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary: `Open a ticket (at most ${TICKET_DAILY_LIMIT} a day); staff are notified`,
  message: 'Ticket created',
  body: createTicketBodySchema,
  payload: ticketSchema,
  rateLimit: { perMinute: 20 },
});

export const myTicket = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/ticket/{id}',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary:
    'One of my tickets with its conversation (staff notes left out); marks staff answers read. A closed ticket is 404',
  message: 'Ticket',
  params: ticketIdParams,
  payload: ticketSchema,
});

export const replyBodySchema = z.object({ message: ticketMessageBodySchema, attachmentIds: attachmentIdsSchema });

export const replyToMyTicket = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/ticket/{id}',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary: 'Reply on one of my tickets; staff are notified. A closed ticket is 404',
  message: 'Reply sent',
  params: ticketIdParams,
  body: replyBodySchema,
  payload: ticketSchema,
  rateLimit: { perMinute: 30 },
});

export const closeMyTicket = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/ticket/{id}',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary:
    'Close one of my tickets (the spec’s delete): it leaves my list and counts and is 404 to me from then on; its history is kept for staff. Closing it again is 400',
  message: TICKET_CLOSED,
  params: ticketIdParams,
  payload: z.null(),
});

export const myTicketStats = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/ticket-stats',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary: 'How many of my tickets are open and answered, and how many answers are unread (closed is always 0)',
  message: 'Ticket stats',
  payload: ticketStatsSchema,
});

export const uploadTicketAttachment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/ticket-attachments',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary: `Upload one image (PNG, JPEG or WebP, at most 3 MB) as multipart field "file" to send with a ticket message within ${TICKET_ATTACHMENT_PENDING_HOURS} h`,
  message: 'Image uploaded',
  multipart: { field: 'file', maxBytes: TICKET_ATTACHMENT_MAX_BYTES, types: TICKET_ATTACHMENT_TYPES },
  payload: ticketAttachmentSchema,
  rateLimit: { perMinute: 30 },
});

export const attachmentParams = z.object({
  id: z.uuid('Unknown ticket'),
  attachmentId: z.uuid('Unknown attachment'),
});
/** The image as base64, so it travels with the bearer token like every other call. */
export const attachmentContentSchema = ticketAttachmentSchema.extend({ data: z.string() });

export const myTicketAttachment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/ticket/{id}/attachments/{attachmentId}',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary: 'An image of one of my tickets (not of a staff note)',
  message: 'Attachment',
  params: attachmentParams,
  payload: attachmentContentSchema,
});

// ---------------------------------------------------------------- staff

export const staffTicketListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** Subject fragment, the customer's username or email fragment, or a full ticket id. */
  search: z.string().trim().max(200).optional(),
  /** Absent: the working queue, open and answered; `closed`: the history; `all`: both. */
  status: z.enum(STAFF_TICKET_STATUS_FILTERS).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  /** A staff account id, or `none` for unassigned tickets. */
  assignee: z.union([z.literal('none'), z.uuid('Unknown staff member')]).optional(),
});

export const staffTicketSummarySchema = ticketSummarySchema.extend({
  customer: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  assignee: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;

/** What staff see beside the conversation; money (balance, payments) is null for Support (spec §6). */
export const ticketCustomerSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  balance: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: datetime,
  plans: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), expiresAt: datetime.nullable() })),
  recentPayments: z
    .array(z.object({ id: z.string(), kind: z.string(), total: z.string(), status: z.string(), createdAt: datetime }))
    .nullable(),
});

export const staffTicketSchema = staffTicketSummarySchema.extend({
  values: z.array(ticketValueSchema),
  account: ticketCustomerSummarySchema,
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const staffTickets = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary:
    'The working queue (open and answered tickets), newest activity first; status=closed lists the closed ones, status=all every ticket; filter by category and assignee',
  message: 'Tickets list',
  query: staffTicketListQuerySchema,
  payload: listPayloadSchema(staffTicketSummarySchema),
});

export const staffTicket = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket/{id}',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary:
    'A ticket with its whole conversation, staff notes included, and the customer’s account summary (without money for Support); marks my notifications about it read',
  message: 'Ticket',
  params: ticketIdParams,
  payload: staffTicketSchema,
});

export const staffReplyBodySchema = z.object({
  ticketId: z.uuid('Unknown ticket'),
  message: ticketMessageBodySchema,
  /** An internal note: staff only, no mail, the status does not change. */
  internal: z.boolean().default(false),
  attachmentIds: attachmentIdsSchema,
});

export const staffReply = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/ticket',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary: 'Answer a ticket (the customer is mailed) or add an internal note',
  message: 'Reply sent',
  messages: { note: 'Note added' },
  body: staffReplyBodySchema,
  payload: staffTicketSchema,
});

export const assignTicket = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/ticket/{id}/assignee',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary: 'Give the ticket to a staff member (Administrator, Manager or Support), or to nobody',
  message: 'Ticket assigned',
  params: ticketIdParams,
  body: z.object({ assigneeId: z.uuid('Unknown staff member').nullable() }),
  payload: staffTicketSchema,
});

export const staffCloseTicket = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/ticket/{id}',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary:
    'Close a ticket (the spec’s delete): it leaves the customer’s tickets and the working queue; staff keep it under status=closed and may reopen it',
  message: TICKET_CLOSED,
  params: ticketIdParams,
  payload: z.null(),
});

export const reopenTicket = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/ticket/{id}/reopen',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary:
    'Reopen a closed ticket: open again if the customer wrote last, answered if staff did; it is back in the customer’s tickets and they may reply again',
  message: TICKET_REOPENED,
  params: ticketIdParams,
  payload: staffTicketSchema,
});

export const staffTicketStats = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket-stats',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary: 'How many tickets are open, answered and closed',
  message: 'Ticket stats',
  payload: ticketStatsSchema,
});

export const ticketAssignees = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket-assignees',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary: 'The staff a ticket can be assigned to (Administrators, Managers and Support not disabled)',
  message: 'Assignees',
  payload: z.object({ items: z.array(z.object({ id: z.string(), username: z.string() })) }),
});

export const staffUploadTicketAttachment = defineEndpoint({
  ...uploadTicketAttachment,
  path: '/api/v1/admin/ticket-attachments',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
});

export const staffTicketAttachment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket/{id}/attachments/{attachmentId}',
  roles: TICKET_DESK,
  tag: 'Admin: tickets',
  summary: 'An image of a ticket, notes included',
  message: 'Attachment',
  params: attachmentParams,
  payload: attachmentContentSchema,
});
