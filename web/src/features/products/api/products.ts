import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPackages,
  adminTypesConfig,
  testProductApi,
  updateProductApi,
  updateTypeConfig,
  type ProductApiBody,
} from '@tollgate/contract/admin/products';
import type { BodyOf } from '@tollgate/contract/endpoint';
import type { PlanType } from '@tollgate/contract/plans/plans';
import { call } from '#lib/api-client.ts';

const typesKey = ['admin', 'types-config'] as const;
const packagesKey = ['admin', 'packages'] as const;

export function useTypesConfig() {
  return useQuery({ queryKey: typesKey, queryFn: ({ signal }) => call(adminTypesConfig, { signal }) });
}

export function useSaveTypeConfig(type: PlanType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateTypeConfig>) => call(updateTypeConfig, { params: { type }, body }),
    onSuccess: (saved) => queryClient.setQueryData(typesKey, saved),
  });
}

/** The connection, its live status and what the provider reports: asked afresh on every visit. */
export function usePackages() {
  return useQuery({
    queryKey: packagesKey,
    queryFn: ({ signal }) => call(adminPackages, { signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useSaveProductApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductApiBody) => call(updateProductApi, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: packagesKey });
      void queryClient.invalidateQueries({ queryKey: typesKey });
    },
  });
}

export function useTestProductApi() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof testProductApi>) => call(testProductApi, { body }),
  });
}
