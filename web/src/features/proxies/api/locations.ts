import { useQuery } from '@tanstack/react-query';
import { locations } from '@tollgate/contract/proxies/proxies';
import { call } from '#lib/api-client.ts';

const locationsQuery = (subscriptionId: string, country = '', state = '') => ({
  queryKey: ['proxies', 'locations', subscriptionId, { country, state }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(locations, {
      params: { subscriptionId },
      query: { country: country || undefined, state: state || undefined },
      signal,
    }),
  // The exit catalogue changes when staff edit OwnServers, not while a customer picks.
  staleTime: 5 * 60_000,
});

/**
 * The cascading location pickers: countries always; a chosen country's states, ISPs and carriers;
 * a chosen state's cities. Each level is its own cached call, shared by every picker on the page.
 */
export function useLocationCascade(subscriptionId: string, country: string, state: string) {
  const countries = useQuery(locationsQuery(subscriptionId));
  const inCountry = useQuery({ ...locationsQuery(subscriptionId, country), enabled: country !== '' });
  const inState = useQuery({
    ...locationsQuery(subscriptionId, country, state),
    enabled: country !== '' && state !== '',
  });
  const countryData = country ? inCountry.data : undefined;
  return {
    countries: countries.data?.countries ?? [],
    states: countryData?.states ?? [],
    isps: countryData?.isps ?? [],
    carriers: countryData?.carriers ?? [],
    cities: country && state ? (inState.data?.cities ?? []) : [],
    loadingCountries: countries.isPending,
    loadingCountry: country !== '' && inCountry.isPending,
    loadingState: country !== '' && state !== '' && inState.isPending,
    error: countries.error ?? inCountry.error ?? inState.error,
  };
}
