import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PayloadOf, QueryOf } from '@tollgate/contract/endpoint';
import { proxyUsage } from '@tollgate/contract/proxies/proxies';
import { dashboard } from '@tollgate/contract/subscriptions/subscriptions';
import { call } from '#lib/api-client.ts';

export type ProxyUsage = PayloadOf<typeof proxyUsage>;
export type ProxyUsageQuery = QueryOf<typeof proxyUsage>;

/** Metered traffic of one plan; the previous range stays on screen while a new one loads. */
export function useProxyUsage(query: ProxyUsageQuery | null) {
  return useQuery({
    queryKey: ['proxies', 'usage', query] as const,
    queryFn: ({ signal }) => call(proxyUsage, { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * My plans for the picker. The dashboard endpoint is the one that lists them; the key is the one
 * the dashboard uses for the same call, so a visit from there needs no second request.
 */
export function useMySubscriptions() {
  return useQuery({
    queryKey: ['public', 'dashboard'] as const,
    queryFn: ({ signal }) => call(dashboard, { signal }),
    select: (data) => data.subscriptions,
    staleTime: 0,
  });
}
