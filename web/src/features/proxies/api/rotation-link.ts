import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myRotationLink, resetRotationLink } from '@tollgate/contract/automation/rotation';
import { call } from '#lib/api-client.ts';

const key = (id: string) => ['proxies', 'rotation-link', id] as const;

/** The plan's sticky-session rotation link (made on first view). */
export function useRotationLink(subscriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: key(subscriptionId),
    queryFn: ({ signal }) => call(myRotationLink, { params: { id: subscriptionId }, signal }),
    enabled,
  });
}

export function useResetRotationLink(subscriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(resetRotationLink, { params: { id: subscriptionId } }),
    onSuccess: (link) => client.setQueryData(key(subscriptionId), link),
  });
}
