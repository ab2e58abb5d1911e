import { useMutation } from '@tanstack/react-query';
import { completeTwoFactorLogin } from '@tollgate/contract/auth/two-factor';
import { call } from '#lib/api-client.ts';
import { startSession } from './start-session.ts';

export function useCompleteTwoFactor(twoFactorToken: string) {
  return useMutation({
    mutationFn: async (totp: string) =>
      startSession(await call(completeTwoFactorLogin, { params: { twoFactorToken }, body: { totp } })),
  });
}
