import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_PAGE_SIZE, supportAccount } from '@tollgate/contract/admin/account-page';
import {
  supportDisableTwoFactor,
  supportRemoveGoogle,
  supportReverifyAccount,
  supportSendPasswordLink,
  supportVerifyAccount,
} from '@tollgate/contract/admin/account-actions';
import { call } from '#lib/api-client.ts';

export const supportKey = (id: string) => ['support', 'accounts', id] as const;

export function useSupportAccount(id: string, page = 1) {
  return useQuery({
    queryKey: [...supportKey(id), page],
    queryFn: ({ signal }) => call(supportAccount, { params: { id }, query: { page, size: ACCOUNT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const SUPPORT_ACTIONS = {
  verify: supportVerifyAccount,
  reverify: supportReverifyAccount,
  removeGoogle: supportRemoveGoogle,
  disableTwoFactor: supportDisableTwoFactor,
  passwordLink: supportSendPasswordLink,
} as const;
export type SupportAction = keyof typeof SUPPORT_ACTIONS;

/** The support mirrors: the password link names the account `{id}`, the others `{userId}`. */
export function useSupportAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SupportAction) =>
      action === 'passwordLink'
        ? call(supportSendPasswordLink, { params: { id } })
        : call(SUPPORT_ACTIONS[action] as typeof supportVerifyAccount, { params: { userId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKey(id) }),
  });
}
