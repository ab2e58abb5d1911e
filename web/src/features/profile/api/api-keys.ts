import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiKey, myApiKeys, revokeApiKey, type CreateApiKeyBody } from '@tollgate/contract/profile/api-keys';
import { call } from '#lib/api-client.ts';

/** The customer's API keys (issue 18): the list, a new key (shown once), revocation. */
const key = ['profile', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => call(myApiKeys, { signal }) });
}

function useKeysMutation<V, R>(fn: (value: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}
export const useCreateApiKey = () => useKeysMutation((body: CreateApiKeyBody) => call(createApiKey, { body }));
export const useRevokeApiKey = () => useKeysMutation((id: string) => call(revokeApiKey, { params: { id } }));
