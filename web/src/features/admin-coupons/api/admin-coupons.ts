import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAccounts } from '@tollgate/contract/admin/accounts';
import {
  adminCoupon,
  adminCoupons,
  createCoupon,
  deleteCoupon,
  updateCoupon,
  type COUPON_TYPES,
  type CouponInput,
} from '@tollgate/contract/plans/coupons';
import { call } from '#lib/api-client.ts';

export const COUPONS_PAGE_SIZE = 20;
export type CouponType = (typeof COUPON_TYPES)[number];
const couponsKey = ['admin', 'coupons'] as const;

export function useAdminCoupons({
  page,
  search,
  couponType,
}: {
  page: number;
  search: string;
  couponType?: CouponType;
}) {
  return useQuery({
    queryKey: [...couponsKey, 'list', { page, search, couponType }],
    queryFn: ({ signal }) =>
      call(adminCoupons, { query: { page, size: COUPONS_PAGE_SIZE, search: search || undefined, couponType }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCoupon(couponId: string) {
  return useQuery({
    queryKey: [...couponsKey, 'one', couponId],
    queryFn: ({ signal }) => call(adminCoupon, { params: { couponId }, signal }),
  });
}

export function useSaveCoupon(couponId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponInput) =>
      couponId ? call(updateCoupon, { params: { couponId }, body }) : call(createCoupon, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (couponId: string) => call(deleteCoupon, { params: { couponId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

/** Accounts matching a username or email, for choosing who a personal code belongs to. */
export function useAccountSearch(search: string) {
  return useQuery({
    queryKey: ['admin', 'accounts', 'pick', search],
    queryFn: ({ signal }) => call(adminAccounts, { query: { page: 1, size: 8, search }, signal }),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
    select: (data) => data.items,
  });
}
