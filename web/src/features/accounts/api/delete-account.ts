import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDeleteAccount, adminDeletionPreview } from '@tollgate/contract/profile/account-deletion';
import { call } from '#lib/api-client.ts';

/** What deleting this account takes away; read each time the dialog opens. */
export function useAdminDeletionPreview(userId: string | null) {
  return useQuery({
    queryKey: ['admin', 'accounts', 'deletion-preview', userId],
    queryFn: ({ signal }) => call(adminDeletionPreview, { params: { userId: userId! }, signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useAdminDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      call(adminDeleteAccount, { params: { userId }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
  });
}
