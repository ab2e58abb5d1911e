import { useMutation, useQuery } from '@tanstack/react-query';
import { nextRenewal, renameSubscription } from '@tollgate/contract/subscriptions/plan-details';
import { call } from '#lib/api-client.ts';
import { useRefreshDashboard } from './get-dashboard.ts';

/**
 * The next automatic charge, asked only while auto-renew is on. Keyed by what changes it (days per
 * renewal, the end date, the balance), so the dashboard's refresh after any change asks again.
 */
export function useNextRenewal(id: string, enabled: boolean, changes: readonly unknown[]) {
  return useQuery({
    queryKey: ['subscriptions', id, 'next-renewal', ...changes],
    queryFn: ({ signal }) => call(nextRenewal, { params: { id }, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useRenameSubscription(id: string) {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (label: string | null) => call(renameSubscription, { params: { id }, body: { label } }),
    onSuccess: refresh,
  });
}
