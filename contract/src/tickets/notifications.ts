import { z } from 'zod';
import { ADMINS_AND_MANAGERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/** How many notifications the top bar keeps; older read ones are only in the ticket desk. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** §3 Admin notification: ticket, message. Each staff member has their own read state. */
export const adminNotificationSchema = z.object({
  id: z.string(),
  /** The ticket id; the item opens /admin/tickets/{ticket}. */
  ticket: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/notification',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: notifications',
  summary: `My newest ${NOTIFICATION_LIST_LIMIT} notifications (new tickets and customer replies) and the unread count`,
  message: 'Notifications list',
  payload: z.object({ notifications: z.array(adminNotificationSchema), unread: z.number().int() }),
});

export const markAllNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/mark-notification',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: notifications',
  summary: 'Mark all my notifications read (GET, as the spec has it)',
  message: 'Notifications marked read',
  payload: z.object({ unread: z.number().int() }),
});

export const markNotification = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/mark-notification/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: notifications',
  summary: 'Mark one of my notifications read (GET, as the spec has it)',
  message: 'Notification marked read',
  params: z.object({ id: z.uuid('Unknown notification') }),
  payload: z.object({ unread: z.number().int() }),
});
