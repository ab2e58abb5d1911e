import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import { applyForReseller, createResellerKey, resellerDashboard } from '@tollgate/contract/reseller/reseller-programme';
import { call } from '#lib/api-client.ts';

/** Everything the programme pages read, so one invalidation refreshes dashboard and sub-users. */
export const programmeKey = ['reseller-programme'] as const;
const dashboardKey = [...programmeKey, 'dashboard'] as const;

/** Where the signed-in customer stands in the programme; members also get their figures. */
export function useProgramme() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => call(resellerDashboard, { signal }),
  });
}

export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: BodyOf<typeof applyForReseller>['resellerRequestFormResponses']) =>
      call(applyForReseller, { body: { resellerRequestFormResponses: answers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKey }),
  });
}

/** Creates or replaces the key: the answer holds it this once, the cache keeps only its status. */
export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(createResellerKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKey }),
  });
}
