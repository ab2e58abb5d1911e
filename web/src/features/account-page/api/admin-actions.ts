import {
  adminDeleteAvatar,
  adminDisableAccount,
  adminDisableTwoFactor,
  adminEnableAccount,
  adminRemoveGoogle,
  adminReverifyAccount,
  adminSendPasswordLink,
  adminUpdateAvatar,
  adminVerifyAccount,
} from '@tollgate/contract/admin/account-actions';
import { call } from '#lib/api-client.ts';
import { useAccountChange } from './admin-account.ts';

/** One-click account actions; each answers with the server's message, shown as the toast. */
export const ADMIN_SIMPLE_ACTIONS = {
  verify: adminVerifyAccount,
  reverify: adminReverifyAccount,
  removeGoogle: adminRemoveGoogle,
  disableTwoFactor: adminDisableTwoFactor,
  passwordLink: adminSendPasswordLink,
} as const;
export type AdminSimpleAction = keyof typeof ADMIN_SIMPLE_ACTIONS;

export const useAdminSimpleAction = (userId: string) =>
  useAccountChange(userId, (action: AdminSimpleAction) =>
    // The five share params ({ userId }) and no body.
    call(ADMIN_SIMPLE_ACTIONS[action] as typeof adminVerifyAccount, { params: { userId } }),
  );

/** Disable or enable sign-in, with the reason the audit row keeps. */
export const useSetAccess = (userId: string) =>
  useAccountChange(userId, ({ enable, reason }: { enable: boolean; reason: string }) =>
    call(enable ? adminEnableAccount : adminDisableAccount, { params: { userId }, body: { reason } }),
  );

export const useUpdateAvatar = (userId: string) =>
  useAccountChange(userId, (file: File) => call(adminUpdateAvatar, { params: { userId }, file }));

export const useDeleteAvatar = (userId: string) =>
  useAccountChange(userId, () => call(adminDeleteAvatar, { params: { userId } }));
