import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadLanding } from './get-landing.ts';

export const landingQueryOptions = () =>
  queryOptions({
    queryKey: ['landing'],
    queryFn: async () => {
      const landing = await loadLanding();
      if (!landing) throw new Error('Landing data is unavailable right now.');
      return landing;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Landing data in the signed-in areas (sidebar links, /faq). */
export function useLanding() {
  return useQuery(landingQueryOptions());
}
