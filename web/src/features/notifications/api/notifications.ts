import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMERS, TICKET_DESK } from '@tollgate/contract/access/roles';
import type {
  AdminNotification,
  adminNotifications,
  markAllMyNotifications,
  markAllNotifications,
  markMyNotification,
  markNotification,
  myNotifications,
} from '@tollgate/contract/tickets/notifications';
import { call, routeOf } from '#lib/api-client.ts';

/** Whose bell: the staff panels' (/admin/notification) or the customer area's (/notification, issue 32). */
export type Audience = 'staff' | 'customer';

// Schema-free (ADR 004): the bell sits in every layout's top bar; notifications-routes.test.ts pins them.
export const notificationRoutes = {
  staff: {
    list: routeOf<typeof adminNotifications>({
      method: 'GET',
      path: '/api/v1/admin/notification',
      roles: TICKET_DESK,
    }),
    markAll: routeOf<typeof markAllNotifications>({
      method: 'GET',
      path: '/api/v1/admin/mark-notification',
      roles: TICKET_DESK,
    }),
    markOne: routeOf<typeof markNotification>({
      method: 'GET',
      path: '/api/v1/admin/mark-notification/{id}',
      roles: TICKET_DESK,
    }),
  },
  customer: {
    list: routeOf<typeof myNotifications>({ method: 'GET', path: '/api/v1/notification', roles: CUSTOMERS }),
    markAll: routeOf<typeof markAllMyNotifications>({
      method: 'GET',
      path: '/api/v1/mark-notification',
      roles: CUSTOMERS,
    }),
    markOne: routeOf<typeof markMyNotification>({
      method: 'GET',
      path: '/api/v1/mark-notification/{id}',
      roles: CUSTOMERS,
    }),
  },
} as const;

const { staff, customer } = notificationRoutes;
/** The three calls for one audience (two route tables whose roles differ, so no shared index type). */
const calls = {
  list: (audience: Audience, signal: AbortSignal): Promise<Notifications> =>
    audience === 'staff' ? call(staff.list, { signal, quiet: true }) : call(customer.list, { signal, quiet: true }),
  markAll: (audience: Audience) =>
    audience === 'staff' ? call(staff.markAll, { quiet: true }) : call(customer.markAll, { quiet: true }),
  markOne: (audience: Audience, id: string) =>
    audience === 'staff'
      ? call(staff.markOne, { params: { id }, quiet: true })
      : call(customer.markOne, { params: { id }, quiet: true }),
};

export const notificationsKey = (audience: Audience) =>
  audience === 'staff' ? (['admin', 'notifications'] as const) : (['notifications'] as const);
export const POLL_MS = 15_000;
const MAX_POLL_MS = 5 * 60_000;

/** Every 15 s, doubling after each failure up to 5 minutes; the next success goes back to 15 s. */
export function pollInterval(failures: number): number {
  return Math.min(POLL_MS * 2 ** failures, MAX_POLL_MS);
}

type Notifications = { notifications: AdminNotification[]; unread: number };

/**
 * The bell's list. Spec §8: a failed notification call is logged only, never shown; `quiet` keeps
 * the client's session rules (a 500 page, a sign-out) out of a background poll too. Polling stops
 * while the tab is hidden (react-query's default) and reads again when it comes back.
 */
export function useNotifications(audience: Audience, enabled = true) {
  return useQuery({
    queryKey: notificationsKey(audience),
    queryFn: async ({ signal }) => {
      try {
        return await calls.list(audience, signal);
      } catch (error) {
        if (!signal.aborted) console.error('Notifications', error);
        throw error;
      }
    },
    enabled,
    refetchInterval: (query) => pollInterval(query.state.fetchFailureCount),
    // No polling while the tab is hidden; coming back reads at once.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
  });
}

function useMark<V>(
  audience: Audience,
  mark: (variables: V) => Promise<unknown>,
  apply: (data: Notifications, variables: V) => Notifications,
) {
  const queryClient = useQueryClient();
  const queryKey = notificationsKey(audience);
  return useMutation({
    mutationFn: async (variables: V) => {
      // Read at once in the menu; the server's answer follows with the next poll.
      queryClient.setQueryData<Notifications>(queryKey, (data) => data && apply(data, variables));
      try {
        await mark(variables);
      } catch (error) {
        console.error('Mark notification', error);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export const useMarkNotification = (audience: Audience) =>
  useMark(
    audience,
    (id: string) => calls.markOne(audience, id),
    (data, id) => {
      const wasUnread = data.notifications.some((item) => item.id === id && !item.read);
      return {
        notifications: data.notifications.map((item) => (item.id === id ? { ...item, read: true } : item)),
        unread: Math.max(0, data.unread - (wasUnread ? 1 : 0)),
      };
    },
  );

export const useMarkAllNotifications = (audience: Audience) =>
  useMark(
    audience,
    () => calls.markAll(audience),
    (data) => ({ notifications: data.notifications.map((item) => ({ ...item, read: true })), unread: 0 }),
  );
