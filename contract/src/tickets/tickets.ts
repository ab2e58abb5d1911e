import { z } from 'zod';
import { ADMINS_AND_MANAGERS, CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';

/** §8, byte-exact. */
export const TICKET_DAILY_LIMIT_MESSAGE = 'You have reached your daily ticket limit';
export const TICKET_CREATE_FAILED = 'Error creating new ticket';
export const TICKET_CLOSE_FAILED = 'Error closing ticket';
export const TICKET_CLOSED = 'Ticket closed successfully';
export const TICKET_IS_CLOSED = 'This ticket is closed. Open a new one if you still need help.';

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
  closed: z.number().int(),
  /** Customer: tickets with a staff answer I have not read. Staff: open tickets. */
  unread: z.number().int(),
});

// ---------------------------------------------------------------- customer

export const customerTicketListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(CUSTOMER_TICKET_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
});

export const myTickets = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/ticket',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary: 'My tickets, open ones first then newest activity, ten a page; search by subject or id',
  message: 'Tickets list',
  query: customerTicketListQuerySchema,
  payload: listPayloadSchema(ticketSummarySchema),
});

export const createTicketBodySchema = z.object({
  subject: ticketSubjectSchema,
  category: z.enum(TICKET_CATEGORIES, { error: 'Choose a category' }),
  /** The plan (subscription) the ticket is about; must be one of mine. */
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
  summary: 'One of my tickets with its conversation (staff notes left out); marks staff answers read',
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
  summary: 'Reply on one of my open tickets; staff are notified',
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
  summary: 'Close one of my tickets (the spec’s delete); its history is kept for staff',
  message: TICKET_CLOSED,
  params: ticketIdParams,
  payload: z.null(),
});

export const myTicketStats = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/ticket-stats',
  roles: CUSTOMERS,
  tag: 'Tickets',
  summary: 'How many of my tickets are open, answered and closed, and how many answers are unread',
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
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  /** A staff account id, or `none` for unassigned tickets. */
  assignee: z.union([z.literal('none'), z.uuid('Unknown staff member')]).optional(),
});

export const staffTicketSummarySchema = ticketSummarySchema.extend({
  customer: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  assignee: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;

/** What staff see beside the conversation. */
export const ticketCustomerSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  balance: z.string(),
  disabled: z.boolean(),
  createdAt: datetime,
  plans: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), expiresAt: datetime.nullable() })),
  recentPayments: z.array(
    z.object({ id: z.string(), kind: z.string(), total: z.string(), status: z.string(), createdAt: datetime }),
  ),
});

export const staffTicketSchema = staffTicketSummarySchema.extend({
  values: z.array(ticketValueSchema),
  account: ticketCustomerSummarySchema,
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const staffTickets = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
  summary: 'Every ticket, open ones first then newest activity; filter by status, category and assignee',
  message: 'Tickets list',
  query: staffTicketListQuerySchema,
  payload: listPayloadSchema(staffTicketSummarySchema),
});

export const staffTicket = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
  summary:
    'A ticket with its whole conversation, staff notes included, and the customer’s account summary; marks my notifications about it read',
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
  roles: ADMINS_AND_MANAGERS,
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
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
  summary: 'Give the ticket to a staff member (Administrator or Manager), or to nobody',
  message: 'Ticket assigned',
  params: ticketIdParams,
  body: z.object({ assigneeId: z.uuid('Unknown staff member').nullable() }),
  payload: staffTicketSchema,
});

export const staffCloseTicket = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/ticket/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
  summary: 'Close a ticket (the spec’s delete); the history is kept',
  message: TICKET_CLOSED,
  params: ticketIdParams,
  payload: z.null(),
});

export const staffTicketStats = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket-stats',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
  summary: 'How many tickets are open, answered and closed',
  message: 'Ticket stats',
  payload: ticketStatsSchema,
});

export const ticketAssignees = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket-assignees',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
  summary: 'The staff a ticket can be assigned to (Administrators and Managers not disabled)',
  message: 'Assignees',
  payload: z.object({ items: z.array(z.object({ id: z.string(), username: z.string() })) }),
});

export const staffUploadTicketAttachment = defineEndpoint({
  ...uploadTicketAttachment,
  path: '/api/v1/admin/ticket-attachments',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
});

export const staffTicketAttachment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ticket/{id}/attachments/{attachmentId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: tickets',
  summary: 'An image of a ticket, notes included',
  message: 'Attachment',
  params: attachmentParams,
  payload: attachmentContentSchema,
});
