import { describe, expect, it } from 'vitest';
import {
  adminNotifications,
  markAllMyNotifications,
  markAllNotifications,
  markMyNotification,
  markNotification,
  myNotifications,
} from '@tollgate/contract/tickets/notifications';
import { notificationRoutes } from './notifications.ts';

const meta = (e: { method: string; path: string; roles: readonly string[] }) => ({
  method: e.method,
  path: e.path,
  roles: e.roles,
});

describe('the bell’s schema-free handles', () => {
  it('match the endpoints they stand in for', () => {
    expect(notificationRoutes).toEqual({
      staff: { list: meta(adminNotifications), markAll: meta(markAllNotifications), markOne: meta(markNotification) },
      customer: {
        list: meta(myNotifications),
        markAll: meta(markAllMyNotifications),
        markOne: meta(markMyNotification),
      },
    });
  });
});
