import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatistics } from '@tollgate/contract/admin/accounts';
import { call } from '#lib/api-client.ts';

export const getStatistics = (signal?: AbortSignal) => call(adminStatistics, { signal });

export const statisticsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'statistics'], queryFn: ({ signal }) => getStatistics(signal) });

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
