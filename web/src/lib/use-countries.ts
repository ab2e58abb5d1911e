import { useQuery } from '@tanstack/react-query';
import { countries } from '@tollgate/contract/profile/profile';
import { call } from './api-client.ts';

/** Every country, for plans that name no geography of their own; read once per visit. */
export function useCountries(enabled = true) {
  return useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => call(countries, { signal }),
    staleTime: Infinity,
    select: (data) => data.countries,
    enabled,
  });
}
