import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REFUND_MODES, refundInvoice } from '@tollgate/contract/checkout/refunds';
import { adminLoyaltyRewards } from '@tollgate/contract/growth/loyalty';
import { adminReferralInfo } from '@tollgate/contract/growth/referrals';
import { call } from '#lib/api-client.ts';
import { accountKey, useAccountChange } from './admin-account.ts';

/** The spec's `POST /admin/getrefferalinfo/{userId}` is a read: cached like one. */
export function useReferralInfo(userId: string) {
  return useQuery({
    queryKey: [...accountKey(userId), 'referral-info'],
    queryFn: () => call(adminReferralInfo, { params: { userId } }),
  });
}

export function useLoyaltyRewards(userId: string, page: number) {
  return useQuery({
    queryKey: [...accountKey(userId), 'loyalty', page],
    queryFn: ({ signal }) => call(adminLoyaltyRewards, { params: { userId }, query: { page, size: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useRefundInvoice = (userId: string) =>
  useAccountChange(userId, (input: { invoiceId: string; mode: (typeof REFUND_MODES)[number]; reason: string }) =>
    call(refundInvoice, { params: { invoiceId: input.invoiceId }, body: { mode: input.mode, reason: input.reason } }),
  );
