import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import {
  adminGifts,
  createGift,
  disableGift,
  GIFT_PAGE_SIZE,
  giftRedemptions,
  type GiftStatus,
} from '@tollgate/contract/growth/gifts';
import { adminPlans } from '@tollgate/contract/plans/plans';
import { call } from '#lib/api-client.ts';

const giftsKey = ['admin', 'gifts'] as const;

export function useGifts({ page, search, status }: { page: number; search: string; status: GiftStatus | '' }) {
  return useQuery({
    queryKey: [...giftsKey, 'list', { page, search, status }],
    queryFn: ({ signal }) =>
      call(adminGifts, {
        query: { page, size: GIFT_PAGE_SIZE, search: search || undefined, status: status || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGiftRedemptions(id: string, page: number) {
  return useQuery({
    queryKey: [...giftsKey, 'redemptions', id, page],
    queryFn: ({ signal }) => call(giftRedemptions, { params: { id }, query: { page, size: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Plans a gift may give: every plan staff could add to an account. */
export function useGiftablePlans() {
  return useQuery({
    queryKey: ['admin', 'plans', 'for-gifts'],
    queryFn: async ({ signal }) => (await call(adminPlans, { query: { page: 1, size: 0 }, signal })).items,
    staleTime: 60_000,
  });
}

export function useCreateGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createGift>) => call(createGift, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftsKey }),
  });
}

export function useDisableGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(disableGift, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftsKey }),
  });
}
