import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminChangeRequests,
  approveChangeRequest,
  rejectChangeRequest,
  type CHANGE_REQUEST_FILTERS,
} from '@tollgate/contract/admin/change-requests';
import { callForMessage, call } from '#lib/api-client.ts';

/** Shared by the approvals screen and the account page's "Pending changes" panel. */
export const changeRequestsKey = ['admin', 'change-requests'] as const;
type Filter = (typeof CHANGE_REQUEST_FILTERS)[number];

export function useChangeRequests(filter: { status: Filter; accountId?: string }) {
  return useQuery({
    queryKey: [...changeRequestsKey, filter],
    queryFn: ({ signal }) => call(adminChangeRequests, { query: filter, signal }),
    // Filed from other screens and decided by other staff: read again whenever a list mounts.
    staleTime: 0,
  });
}

export type Decision = 'approve' | 'reject';

/** A decision changes the lists and, for an approval, the account it moved (balance, plans). */
export function useDecideChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: Decision; note: string }) =>
      decision === 'approve'
        ? callForMessage(approveChangeRequest, { params: { id }, body: note ? { reason: note } : {} })
        : callForMessage(rejectChangeRequest, { params: { id }, body: { reason: note } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: changeRequestsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] });
    },
  });
}
