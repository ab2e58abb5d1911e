import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResellerTerms } from '@tollgate/contract/admin/resellers';
import {
  adminApproveResellerApplication,
  adminRejectResellerApplication,
  adminResellerApplications,
  type APPLICATION_STATUSES,
} from '@tollgate/contract/reseller/reseller-programme';
import { call } from '#lib/api-client.ts';

export const APPLICATIONS_PAGE_SIZE = 20;
const applicationsKey = ['admin', 'reseller-applications'] as const;
type Status = (typeof APPLICATION_STATUSES)[number];

export function useResellerApplications({
  page,
  search,
  status,
}: {
  page: number;
  search: string;
  status: Status | '';
}) {
  return useQuery({
    queryKey: [...applicationsKey, 'list', { page, search, status }],
    queryFn: ({ signal }) =>
      call(adminResellerApplications, {
        query: { page, size: APPLICATIONS_PAGE_SIZE, search: search || undefined, status: status || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** How many wait for a decision: the tab's count. */
export function useOpenApplications() {
  return useQuery({
    queryKey: [...applicationsKey, 'open'],
    queryFn: ({ signal }) =>
      call(adminResellerApplications, { query: { page: 1, size: 1, status: 'pending' }, signal }),
    select: (data) => data.total,
  });
}

/** A decision changes the applications and, for an approval, the resellers list (the new member). */
function useDecision<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: applicationsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'resellers'] });
    },
  });
}

export const useApproveApplication = () =>
  useDecision(({ id, terms }: { id: string; terms: ResellerTerms }) =>
    call(adminApproveResellerApplication, { params: { id }, body: terms }),
  );

export const useRejectApplication = () =>
  useDecision(({ id, reason }: { id: string; reason: string }) =>
    call(adminRejectResellerApplication, { params: { id }, body: { reason } }),
  );
