import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminNotifications,
  markAllNotifications,
  markNotification,
  type AdminNotification,
} from '@tollgate/contract/tickets/notifications';
import { call } from '#lib/api-client.ts';

export const notificationsKey = ['admin', 'notifications'] as const;
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
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: async ({ signal }) => {
      try {
        return await call(adminNotifications, { signal, quiet: true });
      } catch (error) {
        if (!signal.aborted) console.error('Notifications', error);
        throw error;
      }
    },
    refetchInterval: (query) => pollInterval(query.state.fetchFailureCount),
    // No polling while the tab is hidden; coming back reads at once.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
  });
}

function useMark<V>(
  mark: (variables: V) => Promise<unknown>,
  apply: (data: Notifications, variables: V) => Notifications,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => {
      // Read at once in the menu; the server's answer follows with the next poll.
      queryClient.setQueryData<Notifications>(notificationsKey, (data) => data && apply(data, variables));
      try {
        await mark(variables);
      } catch (error) {
        console.error('Mark notification', error);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export const useMarkNotification = () =>
  useMark(
    (id: string) => call(markNotification, { params: { id }, quiet: true }),
    (data, id) => {
      const wasUnread = data.notifications.some((item) => item.id === id && !item.read);
      return {
        notifications: data.notifications.map((item) => (item.id === id ? { ...item, read: true } : item)),
        unread: Math.max(0, data.unread - (wasUnread ? 1 : 0)),
      };
    },
  );

export const useMarkAllNotifications = () =>
  useMark(
    () => call(markAllNotifications, { quiet: true }),
    (data) => ({ notifications: data.notifications.map((item) => ({ ...item, read: true })), unread: 0 }),
  );
