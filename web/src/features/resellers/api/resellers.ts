import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCreateReseller,
  adminDeleteReseller,
  adminReseller,
  adminResellers,
  adminRotateResellerKey,
  adminUpdateReseller,
  type CreateResellerBody,
  type UpdateResellerBody,
} from '@tollgate/contract/admin/resellers';
import { call } from '#lib/api-client.ts';

export const RESELLERS_PAGE_SIZE = 20;
const resellersKey = ['admin', 'resellers'] as const;

export function useResellers({ page, search }: { page: number; search: string }) {
  return useQuery({
    queryKey: [...resellersKey, 'list', { page, search }],
    queryFn: ({ signal }) =>
      call(adminResellers, { query: { page, size: RESELLERS_PAGE_SIZE, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReseller(userId: string) {
  return useQuery({
    queryKey: [...resellersKey, 'one', userId],
    queryFn: ({ signal }) => call(adminReseller, { params: { userId }, signal }),
  });
}

export function useCreateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateResellerBody) => call(adminCreateReseller, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
  });
}

export function useUpdateReseller(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateResellerBody) => call(adminUpdateReseller, { params: { userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
  });
}

export function useRotateKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(adminRotateResellerKey, { params: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
  });
}

export function useDeleteReseller(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call(adminDeleteReseller, { params: { userId }, body: { reason } }),
    // Only the list: refetching the deleted reseller itself would just answer 404 while the page leaves.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...resellersKey, 'list'] }),
  });
}
