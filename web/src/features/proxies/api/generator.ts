import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayloadOf, QueryOf } from '@tollgate/contract/endpoint';
import { changeProxyKey, generator, type ProxyConfig } from '@tollgate/contract/proxies/proxies';
import { call } from '#lib/api-client.ts';

export type GeneratorData = PayloadOf<typeof generator>;
export type GeneratorQuery = QueryOf<typeof generator>;

export const generatorKey = (subscriptionId: string) => ['proxies', 'generator', subscriptionId] as const;

/** The plan, its connection details and config, with the server's default list (10 HTTP lines). */
export const generatorQueryOptions = (subscriptionId: string) =>
  queryOptions({
    queryKey: generatorKey(subscriptionId),
    queryFn: ({ signal }) => call(generator, { params: { subscriptionId }, signal }),
  });

export function useGenerator(subscriptionId: string) {
  return useQuery(generatorQueryOptions(subscriptionId));
}

/** 'Generate' in the list builder: every click asks again (sticky sessions get fresh ids). */
export function useGenerateList(subscriptionId: string) {
  return useMutation({
    mutationFn: (query: GeneratorQuery) => call(generator, { params: { subscriptionId }, query }),
  });
}

/** Keeps the cached generator answer in step with a change the server confirmed. */
export function usePatchGenerator(subscriptionId: string) {
  const queryClient = useQueryClient();
  return (patch: (data: GeneratorData) => GeneratorData) =>
    queryClient.setQueryData<GeneratorData>(generatorKey(subscriptionId), (data) => data && patch(data));
}

export function usePatchConfig(subscriptionId: string) {
  const patch = usePatchGenerator(subscriptionId);
  return (config: Partial<ProxyConfig>) => patch((data) => ({ ...data, config: { ...data.config, ...config } }));
}

/** A new proxy password: shown at once, and the default list re-read since its lines carry it. */
export function useRotatePassword(subscriptionId: string) {
  const queryClient = useQueryClient();
  const patch = usePatchGenerator(subscriptionId);
  return useMutation({
    mutationFn: () => call(changeProxyKey, { params: { sub: subscriptionId } }),
    onSuccess: (credentials) => {
      patch((data) => ({ ...data, ...credentials }));
      return queryClient.invalidateQueries({ queryKey: generatorKey(subscriptionId) });
    },
  });
}
