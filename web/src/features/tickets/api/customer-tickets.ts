import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import {
  closeMyTicket,
  createTicket,
  CUSTOMER_TICKET_PAGE_SIZE,
  CUSTOMER_TICKET_STATUSES,
  myTicket,
  myTickets,
  myTicketStats,
  replyToMyTicket,
} from '@tollgate/contract/tickets/tickets';
import { dashboard } from '@tollgate/contract/subscriptions/subscriptions';
import { ApiError, call } from '#lib/api-client.ts';

/** Everything the customer side reads about tickets, so one invalidation refreshes list, stats and nav. */
export const myTicketsKey = ['tickets', 'mine'] as const;
/** Closed tickets are deleted for the customer (rule 77): only these statuses exist on this side. */
export const MY_TICKET_FILTERS = { status: CUSTOMER_TICKET_STATUSES };

export function useMyTickets({ page, search, status }: { page: number; search: string; status: string }) {
  return useQuery({
    queryKey: [...myTicketsKey, 'list', { page, search, status }],
    queryFn: ({ signal }) =>
      call(myTickets, {
        query: {
          page,
          size: CUSTOMER_TICKET_PAGE_SIZE,
          search: search || undefined,
          status: (status || undefined) as (typeof CUSTOMER_TICKET_STATUSES)[number] | undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMyTicketStats() {
  return useQuery({
    queryKey: [...myTicketsKey, 'stats'],
    queryFn: ({ signal }) => call(myTicketStats, { signal }),
  });
}

/** The customer's ticket is gone: closed (deleted for them, rule 77) or never theirs. */
export const isGoneTicket = (error: unknown) => error instanceof ApiError && error.status === 404;

/** How often an open ticket page asks for new messages. */
export const TICKET_REFRESH_MS = 30_000;

export function useMyTicket(id: string) {
  return useQuery({
    queryKey: [...myTicketsKey, 'one', id],
    queryFn: ({ signal }) => call(myTicket, { params: { id }, signal }),
    // Opening the ticket marks staff answers read: the nav count and list are read again after it.
    staleTime: 0,
    // A staff answer shows up while the page is open (not while the tab is hidden).
    refetchInterval: TICKET_REFRESH_MS,
  });
}

/** The customer's plans, for "which plan is this about". */
export function useMyPlans() {
  return useQuery({
    queryKey: [...myTicketsKey, 'plans'],
    queryFn: async ({ signal }) => (await call(dashboard, { signal })).subscriptions,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createTicket>) => call(createTicket, { body }),
    onSuccess: (ticket) => {
      queryClient.setQueryData([...myTicketsKey, 'one', ticket._id], ticket);
      return queryClient.invalidateQueries({ queryKey: myTicketsKey, predicate: (q) => q.queryKey[2] !== 'one' });
    },
  });
}

export function useReplyToMyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof replyToMyTicket>) => call(replyToMyTicket, { params: { id }, body }),
    onSuccess: (ticket) => {
      queryClient.setQueryData([...myTicketsKey, 'one', id], ticket);
      return queryClient.invalidateQueries({ queryKey: myTicketsKey, predicate: (q) => q.queryKey[2] !== 'one' });
    },
    // Closed meanwhile (by staff, or in another tab): everything is read again and the page says it is gone.
    onError: (error) => {
      if (isGoneTicket(error)) void queryClient.invalidateQueries({ queryKey: myTicketsKey });
    },
  });
}

/**
 * Closing deletes the ticket for the customer: the list and counts are read again, but not the
 * ticket itself (it is 404 now); the page leaves it and then drops its copy with `forgetMyTicket`.
 */
export function useCloseMyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(closeMyTicket, { params: { id } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: myTicketsKey, predicate: (q) => q.queryKey[2] !== 'one' }),
  });
}

export const forgetMyTicket = (queryClient: QueryClient, id: string) =>
  queryClient.removeQueries({ queryKey: [...myTicketsKey, 'one', id], exact: true });
