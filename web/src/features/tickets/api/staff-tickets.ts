import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import {
  assignTicket,
  reopenTicket,
  staffCloseTicket,
  staffReply,
  staffTicket,
  staffTickets,
  staffTicketStats,
  STAFF_TICKET_STATUS_FILTERS,
  ticketAssignees,
  TICKET_CATEGORIES,
  TICKET_STATUS_LABELS,
  type StaffTicket,
} from '@tollgate/contract/tickets/tickets';
import { call } from '#lib/api-client.ts';
import { TICKET_REFRESH_MS } from './customer-tickets.ts';

export const staffTicketsKey = ['admin', 'tickets'] as const;
export const STAFF_TICKETS_PAGE_SIZE = 20;
export const STAFF_TICKET_FILTERS = { status: STAFF_TICKET_STATUS_FILTERS, category: TICKET_CATEGORIES };
/** No status picked is the working queue; closed tickets are the history, kept for staff (ADR 050). */
export const STAFF_STATUS_FILTER_LABELS: Record<(typeof STAFF_TICKET_STATUS_FILTERS)[number], string> = {
  ...TICKET_STATUS_LABELS,
  closed: 'Closed (history)',
  all: 'All, closed included',
};
export const STAFF_QUEUE_LABEL = 'Open and answered';

export interface StaffTicketsQuery {
  page: number;
  search: string;
  status: string;
  category: string;
  assignee: string;
}

export function useStaffTickets({ page, search, status, category, assignee }: StaffTicketsQuery) {
  return useQuery({
    queryKey: [...staffTicketsKey, 'list', { page, search, status, category, assignee }],
    queryFn: ({ signal }) =>
      call(staffTickets, {
        query: {
          page,
          size: STAFF_TICKETS_PAGE_SIZE,
          search: search || undefined,
          // Empty = the working queue: left out, as the contract reads "absent".
          status: (status || undefined) as (typeof STAFF_TICKET_STATUS_FILTERS)[number] | undefined,
          category: (category || undefined) as (typeof TICKET_CATEGORIES)[number] | undefined,
          assignee: assignee || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffTicketStats() {
  return useQuery({
    queryKey: [...staffTicketsKey, 'stats'],
    queryFn: ({ signal }) => call(staffTicketStats, { signal }),
    staleTime: 0,
  });
}

export function useTicketAssignees() {
  return useQuery({
    queryKey: [...staffTicketsKey, 'assignees'],
    queryFn: async ({ signal }) => (await call(ticketAssignees, { signal })).items,
    staleTime: 5 * 60_000,
  });
}

export function useStaffTicket(id: string) {
  return useQuery({
    queryKey: [...staffTicketsKey, 'one', id],
    queryFn: ({ signal }) => call(staffTicket, { params: { id }, signal }),
    staleTime: 0,
    // A customer's reply shows up while the page is open (not while the tab is hidden).
    refetchInterval: TICKET_REFRESH_MS,
  });
}

/** A change answers the whole ticket: it replaces the page's copy, and the desk is read again. */
function useTicketChange<V>(id: string, change: (variables: V) => Promise<StaffTicket | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (ticket) => {
      if (ticket) queryClient.setQueryData([...staffTicketsKey, 'one', id], ticket);
      await queryClient.invalidateQueries({
        queryKey: staffTicketsKey,
        predicate: (query) => ticket === null || query.queryKey[2] !== 'one',
      });
    },
  });
}

export const useStaffReply = (id: string) =>
  useTicketChange(id, (body: Omit<BodyOf<typeof staffReply>, 'ticketId'>) =>
    call(staffReply, { body: { ...body, ticketId: id } }),
  );

export const useAssignTicket = (id: string) =>
  useTicketChange(id, (assigneeId: string | null) => call(assignTicket, { params: { id }, body: { assigneeId } }));

export const useStaffCloseTicket = (id: string) =>
  useTicketChange(id, () => call(staffCloseTicket, { params: { id } }));

/** Reopens a closed ticket; the answer is the ticket as it now is (open or answered). */
export const useReopenTicket = (id: string) => useTicketChange(id, () => call(reopenTicket, { params: { id } }));
