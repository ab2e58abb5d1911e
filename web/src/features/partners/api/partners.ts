import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPartnerUrl,
  deletePartnerUrl,
  partnerStatistic,
  type PartnerStatus,
} from '@tollgate/contract/growth/partners';
import { call } from '#lib/api-client.ts';

export const PARTNERS_PAGE_SIZE = 20;
const partnersKey = ['admin', 'partners'] as const;

export function usePartnerStatistic({
  page,
  search,
  status,
}: {
  page: number;
  search: string;
  status: PartnerStatus | '';
}) {
  return useQuery({
    queryKey: [...partnersKey, { page, search, status }],
    queryFn: ({ signal }) =>
      call(partnerStatistic, {
        query: { page, size: PARTNERS_PAGE_SIZE, search: search || undefined, status: status || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => call(createPartnerUrl, { query: { domain } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}

export function useRemovePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => call(deletePartnerUrl, { body: { domain } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}
