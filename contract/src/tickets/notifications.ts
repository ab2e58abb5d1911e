import { z } from 'zod';
import { CUSTOMERS, TICKET_DESK } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/** How many notifications the top bar keeps; older read ones are only in the ticket desk. */
export const NOTIFICATION_LIST_LIMIT = 50;

/**
 * §3 Admin notification: ticket, message; since issue 32 any account's bell entry. Each recipient
 * has their own read state.
 */
export const adminNotificationSchema = z.object({
  id: z.string(),
  /** The ticket it is about, if any (kept for older clients; open `link` instead). */
  ticket: z.string().nullable(),
  message: z.string(),
  /** The in-app path the entry opens, e.g. /admin/tickets/{id}, /admin/change-requests, /ticket/{id}. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/notification',
  roles: TICKET_DESK,
  tag: 'Admin: notifications',
  summary: `My newest ${NOTIFICATION_LIST_LIMIT} notifications (new tickets, customer replies, approvals) and the unread count`,
  message: 'Notifications list',
  payload: z.object({ notifications: z.array(adminNotificationSchema), unread: z.number().int() }),
});

export const markAllNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/mark-notification',
  roles: TICKET_DESK,
  tag: 'Admin: notifications',
  summary: 'Mark all my notifications read (GET, as the spec has it)',
  message: 'Notifications marked read',
  payload: z.object({ unread: z.number().int() }),
});

export const markNotification = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/mark-notification/{id}',
  roles: TICKET_DESK,
  tag: 'Admin: notifications',
  summary: 'Mark one of my notifications read (GET, as the spec has it)',
  message: 'Notification marked read',
  params: z.object({ id: z.uuid('Unknown notification') }),
  payload: z.object({ unread: z.number().int() }),
});

/** Issue 32: the customer area's bell, the same entries as the staff one, each account its own. */
export const myNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/notification',
  roles: CUSTOMERS,
  tag: 'Notifications',
  summary: `My newest ${NOTIFICATION_LIST_LIMIT} notifications (answers on my tickets) and the unread count`,
  message: 'Notifications list',
  payload: z.object({ notifications: z.array(adminNotificationSchema), unread: z.number().int() }),
});

export const markAllMyNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/mark-notification',
  roles: CUSTOMERS,
  tag: 'Notifications',
  summary: 'Mark all my notifications read (GET, like the staff call)',
  message: 'Notifications marked read',
  payload: z.object({ unread: z.number().int() }),
});

export const markMyNotification = defineEndpoint({
  method: 'GET',
  path: '/api/v1/mark-notification/{id}',
  roles: CUSTOMERS,
  tag: 'Notifications',
  summary: 'Mark one of my notifications read (GET, like the staff call)',
  message: 'Notification marked read',
  params: z.object({ id: z.uuid('Unknown notification') }),
  payload: z.object({ unread: z.number().int() }),
});
