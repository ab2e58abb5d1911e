import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimLoyaltyRewards, loyaltyRewards } from '@tollgate/contract/growth/loyalty';
import { claimReferralRewards, referralRewards } from '@tollgate/contract/growth/referrals';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';

const referralKey = ['referrals', 'programme'] as const;
const loyaltyKey = ['rewards', 'loyalty'] as const;

export function useReferralProgramme() {
  return useQuery({ queryKey: referralKey, queryFn: ({ signal }) => call(referralRewards, { signal }) });
}

/** A claim moves money: the page's figures and the balance in the top bar are read again. */
export function useClaimReferralRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(claimReferralRewards),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: referralKey }), refreshCurrentUser()]),
  });
}

export function useLoyaltyProgramme() {
  return useQuery({ queryKey: loyaltyKey, queryFn: ({ signal }) => call(loyaltyRewards, { signal }) });
}

export function useClaimLoyaltyRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(claimLoyaltyRewards),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: loyaltyKey }), refreshCurrentUser()]),
  });
}
