import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcements } from '@tollgate/contract/general/landing';
import { call } from '#lib/api-client.ts';

export const getAnnouncements = (signal?: AbortSignal) => call(announcements, { signal });

export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'announcements'],
    queryFn: ({ signal }) => getAnnouncements(signal),
  });

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions());
}
