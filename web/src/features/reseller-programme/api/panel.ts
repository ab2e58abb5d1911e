import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import { IDEMPOTENCY_HEADER } from '@tollgate/contract/reseller/reseller-api';
import {
  ORDERS_PAGE_SIZE,
  resellerPanelCreateKey,
  resellerPanelCreateSubUser,
  resellerPanelOrders,
  resellerPanelOverview,
  resellerPanelPlans,
  resellerPanelRevokeKey,
  resellerPanelSellPlan,
  resellerPanelSubUser,
  resellerPanelSubUsers,
} from '@tollgate/contract/reseller/reseller-panel';
import { SUB_USERS_PAGE_SIZE } from '@tollgate/contract/reseller/sub-users';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';
import type { ResellerSource, SellOrder } from './source.ts';

/*
 * The reseller panel of a reseller=1 account (ADR 044): its own calls, with the session alone. One
 * key prefix, so one invalidation after a change reads the figures, lists and sub-user again.
 */
const panelKey = ['reseller-panel'] as const;

export function useOverview() {
  return useQuery({
    queryKey: [...panelKey, 'overview'],
    queryFn: ({ signal }) => call(resellerPanelOverview, { signal }),
  });
}

export function useOrders({ page, search }: { page: number; search: string }) {
  return useQuery({
    queryKey: [...panelKey, 'orders', { page, search }],
    queryFn: ({ signal }) =>
      call(resellerPanelOrders, { query: { page, size: ORDERS_PAGE_SIZE, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePanelSubUsers({ page, search }: { page: number; search: string }) {
  return useQuery({
    queryKey: [...panelKey, 'sub-users', { page, search }],
    queryFn: ({ signal }) =>
      call(resellerPanelSubUsers, { query: { page, size: SUB_USERS_PAGE_SIZE, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh(alsoBalance = false) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: panelKey }),
      // The top bar's balance comes from /auth/me.
      ...(alsoBalance ? [refreshCurrentUser()] : []),
    ]);
}

/** What the panel's components read and write through (the shared reseller components, source.ts). */
export const panelSource: ResellerSource = {
  useSubUser(id) {
    return useQuery({
      queryKey: [...panelKey, 'sub-user', id],
      queryFn: ({ signal }) => call(resellerPanelSubUser, { params: { id }, signal }),
    });
  },
  useCreateSubUser() {
    const refresh = useRefresh();
    return useMutation({
      mutationFn: (body: BodyOf<typeof resellerPanelCreateSubUser>) => call(resellerPanelCreateSubUser, { body }),
      onSuccess: refresh,
    });
  },
  useSellPlan(id) {
    const refresh = useRefresh(true);
    return useMutation({
      mutationFn: ({ body, idempotencyKey }: SellOrder) =>
        call(resellerPanelSellPlan, { params: { id }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      onSuccess: refresh,
    });
  },
  useDeletePlan: () => null,
  useSellablePlans() {
    const plans = useQuery({
      queryKey: [...panelKey, 'plans'],
      queryFn: ({ signal }) => call(resellerPanelPlans, { signal }),
    });
    return { plans: plans.data?.plans, isPending: plans.isPending };
  },
  useCreateKey() {
    const refresh = useRefresh();
    return useMutation({ mutationFn: () => call(resellerPanelCreateKey), onSuccess: refresh });
  },
  useRevokeKey() {
    const refresh = useRefresh();
    return useMutation({ mutationFn: () => call(resellerPanelRevokeKey), onSuccess: refresh });
  },
};
