import { useMutation } from '@tanstack/react-query';
import { redeemGift } from '@tollgate/contract/growth/gifts';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';

/** A gift code redeemed on /topup: the balance shown everywhere is read again after it. */
export function useRedeemGift() {
  return useMutation({
    mutationFn: (code: string) => call(redeemGift, { body: { code } }),
    onSuccess: () => refreshCurrentUser(),
  });
}
