import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboard } from '@tollgate/contract/subscriptions/subscriptions';
import { call } from '#lib/api-client.ts';
import { meQueryOptions } from '#lib/session.ts';

export const dashboardKey = ['public', 'dashboard'] as const;

export const getDashboard = (signal?: AbortSignal) => call(dashboard, { signal });

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => getDashboard(signal),
    // Purchases, renewals and staff changes happen elsewhere: every visit reads the plans again.
    staleTime: 0,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

/** After anything that touches a plan or money: the plans and the balance in the top bar. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
      queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
    ]);
}
