import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import { publicPlans } from '@tollgate/contract/plans/plans';
import { IDEMPOTENCY_HEADER } from '@tollgate/contract/reseller/reseller-api';
import {
  resellerCreateSubUser,
  resellerDeleteSubUserPlan,
  resellerSellSubUserPlan,
  resellerSubUser,
  resellerSubUsers,
  SUB_USERS_PAGE_SIZE,
} from '@tollgate/contract/reseller/sub-users';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';
import { programmeKey } from './programme.ts';

/*
 * The reseller API with the member's session alone (ADR 042): no x-api-key ever leaves the server,
 * and calls that charge carry an Idempotency-Key per user action.
 */
const subUsersKey = [...programmeKey, 'sub-users'] as const;

export function useSubUsers({ page, search }: { page: number; search: string }) {
  return useQuery({
    queryKey: [...subUsersKey, 'list', { page, search }],
    queryFn: ({ signal }) =>
      call(resellerSubUsers, { query: { page, size: SUB_USERS_PAGE_SIZE, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSubUser(id: string) {
  return useQuery({
    queryKey: [...subUsersKey, 'one', id],
    queryFn: ({ signal }) => call(resellerSubUser, { params: { id }, signal }),
  });
}

export function useCreateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof resellerCreateSubUser>) => call(resellerCreateSubUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmeKey }),
  });
}

/** After money moved: the dashboard, this sub-user and the top bar's balance are read again. */
function useAfterCharge() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: programmeKey }), refreshCurrentUser()]);
}

export function useSellPlan(id: string) {
  const afterCharge = useAfterCharge();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyOf<typeof resellerSellSubUserPlan>; idempotencyKey: string }) =>
      call(resellerSellSubUserPlan, { params: { id }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: afterCharge,
  });
}

export function useDeletePlan(id: string) {
  const afterCharge = useAfterCharge();
  return useMutation({
    mutationFn: (subscriptionId: string) => call(resellerDeleteSubUserPlan, { params: { id, planId: subscriptionId } }),
    onSuccess: afterCharge,
  });
}

/** The catalogue the customer area already loads (same cache entry as the plans pages). */
export function useCatalogue() {
  return useQuery({
    queryKey: ['plans', 'public'],
    queryFn: ({ signal }) => call(publicPlans, { signal }),
  });
}
