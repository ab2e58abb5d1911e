import { useQuery } from '@tanstack/react-query';
import { adminSystemStatus, HEARTBEAT_SECONDS } from '@tollgate/contract/admin/system';
import { call } from '#lib/api-client.ts';

/** The system's state, read again as often as the processes report (a lost node shows within a beat). */
export function useSystemStatus() {
  return useQuery({
    queryKey: ['admin', 'system'],
    queryFn: ({ signal }) => call(adminSystemStatus, { signal }),
    refetchInterval: HEARTBEAT_SECONDS * 1_000,
  });
}
