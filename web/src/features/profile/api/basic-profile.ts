import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePassword,
  profileEditToken,
  updateBasicInfo,
  type BasicInfoBody,
} from '@tollgate/contract/profile/profile';
import { call } from '#lib/api-client.ts';

const basicProfileKey = ['profile', 'basic'] as const;

/** The billing profile with a fresh token to edit it (the server names the account by its email). */
export function useBasicProfile(email: string) {
  return useQuery({
    queryKey: basicProfileKey,
    queryFn: () => call(profileEditToken, { body: { email } }),
  });
}

export function useUpdateBasicInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BasicInfoBody) => call(updateBasicInfo, { body }),
    // A new edit token comes with the reload, so the next save does not reuse the old one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: basicProfileKey }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => call(changePassword, { body }),
  });
}
