import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteAvatar,
  deleteMyAccount,
  discordStatus,
  linkDiscord,
  setEmailSubscription,
  unlinkDiscord,
  updateAvatar,
} from '@tollgate/contract/profile/profile';
import { myDeletionPreview } from '@tollgate/contract/profile/account-deletion';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';

export function useUploadAvatar() {
  return useMutation({ mutationFn: (file: File) => call(updateAvatar, { file }), onSuccess: refreshCurrentUser });
}

export function useDeleteAvatar() {
  return useMutation({ mutationFn: () => call(deleteAvatar), onSuccess: refreshCurrentUser });
}

const discordKey = ['profile', 'discord'] as const;

/** Paused while an OAuth return is being exchanged, so an older "not linked" answer cannot win. */
export function useDiscordStatus(enabled = true) {
  return useQuery({ queryKey: discordKey, queryFn: ({ signal }) => call(discordStatus, { signal }), enabled });
}

/** The OAuth return: the code and state Discord appended to /my-profile. */
export async function linkDiscordAccount(client: QueryClient, code: string, state: string) {
  const link = await call(linkDiscord, { body: { code, state } });
  client.setQueryData(discordKey, link);
  return link;
}

export function useUnlinkDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(unlinkDiscord),
    onSuccess: (link) => queryClient.setQueryData(discordKey, link),
  });
}

/** One optional mail switched at a time: news and offers (`subscribed`) or plan reminders. */
export type EmailChoice = { subscribed?: boolean; reminders?: boolean };

export function useEmailSubscription() {
  return useMutation({
    mutationFn: (choice: EmailChoice) => call(setEmailSubscription, { body: choice }),
    onSettled: refreshCurrentUser,
  });
}

/** Read each time the dialog opens, so it names what is in service right now. */
export function useMyDeletionPreview(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['profile', 'deletion-preview', userId],
    queryFn: ({ signal }) => call(myDeletionPreview, { params: { userId }, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useDeleteAccount(userId: string) {
  return useMutation({
    mutationFn: (confirmation: ({ password: string } | { confirmUsername: string }) & { code?: string }) =>
      call(deleteMyAccount, { params: { userId }, body: confirmation }),
  });
}
