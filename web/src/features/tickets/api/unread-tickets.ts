import { useQuery } from '@tanstack/react-query';
import { CUSTOMERS } from '@tollgate/contract/access/roles';
import type { myTicketStats } from '@tollgate/contract/tickets/tickets';
import { call, routeOf } from '#lib/api-client.ts';

// Schema-free (ADR 004): the customer layout shows the count on every page; unread-tickets.test.ts pins it.
export const ticketStatsRoute = routeOf<typeof myTicketStats>({
  method: 'GET',
  path: '/api/v1/public/ticket-stats',
  roles: CUSTOMERS,
});

/** Staff answers the customer has not read, for the Tickets item of the sidebar (0 while unknown). */
export function useUnreadTickets(enabled: boolean): number {
  const query = useQuery({
    // Same key as useMyTicketStats: opening a ticket refreshes both.
    queryKey: ['tickets', 'mine', 'stats'],
    queryFn: async ({ signal }) => {
      try {
        return await call(ticketStatsRoute, { signal, quiet: true });
      } catch (error) {
        // A count beside a menu item is no reason to interrupt anyone: logged only.
        console.error('Ticket stats', error);
        throw error;
      }
    },
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });
  return query.data?.unread ?? 0;
}
