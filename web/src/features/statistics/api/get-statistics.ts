import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatistics, type StatisticsQuery } from '@tollgate/contract/admin/statistics';
import { call } from '#lib/api-client.ts';

export const getStatistics = (query: StatisticsQuery, signal?: AbortSignal) => call(adminStatistics, { query, signal });

export const statisticsQueryOptions = (query: StatisticsQuery) =>
  queryOptions({
    queryKey: ['admin', 'statistics', query],
    queryFn: ({ signal }) => getStatistics(query, signal),
    // Another range keeps the figures on screen until its own arrive, instead of a blank page.
    placeholderData: keepPreviousData,
  });

export function useStatistics(query: StatisticsQuery) {
  return useQuery(statisticsQueryOptions(query));
}
