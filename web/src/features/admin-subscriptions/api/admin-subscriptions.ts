import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import type { PlanType } from '@tollgate/contract/plans/plans';
import {
  addSubscriptionBandwidth,
  adminSubscription,
  adminSubscriptionTraffic,
  adminSubscriptions,
  deleteSubscription,
  planTime,
  regenerateCredentials,
  resetWhitelistLimit,
  resolveSubscription,
  reverifyPayment,
  setWhitelistLimit,
  updateSubscription,
  type PLANTIME_OPERATIONS,
  type StaffSubscription,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import type { SUBSCRIPTION_STATUSES } from '@tollgate/contract/subscriptions/subscriptions';
import { call } from '#lib/api-client.ts';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;
const subscriptionsKey = ['admin', 'subscriptions'] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type PlantimeOperation = (typeof PLANTIME_OPERATIONS)[number];
export type SubscriptionUpdate = BodyOf<typeof updateSubscription>;

export interface SubscriptionsQuery {
  page: number;
  search: string;
  /** '' is ALL: the type is then left out of the query (spec §7). */
  type: PlanType | '';
  status: SubscriptionStatus | '';
}

export function useAdminSubscriptions({ page, search, type, status }: SubscriptionsQuery) {
  return useQuery({
    queryKey: [...subscriptionsKey, 'list', { page, search, type, status }],
    queryFn: ({ signal }) =>
      call(adminSubscriptions, {
        query: {
          page,
          size: SUBSCRIPTIONS_PAGE_SIZE,
          search: search || undefined,
          type: type || undefined,
          status: status || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const oneKey = (id: string) => [...subscriptionsKey, 'one', id] as const;

export function useAdminSubscription(id: string) {
  return useQuery({
    queryKey: oneKey(id),
    queryFn: ({ signal }) => call(adminSubscription, { params: { id }, signal }),
  });
}

/** The customer's whitelist and 30 days of GB per day: read-only, so no tool touches it. */
export function useSubscriptionTraffic(id: string) {
  return useQuery({
    queryKey: [...oneKey(id), 'traffic'],
    queryFn: ({ signal }) => call(adminSubscriptionTraffic, { params: { id }, signal }),
  });
}

/**
 * Every tool answers the subscription as it now is: the detail view takes it at once and the
 * lists are read again.
 */
function useSubscriptionChange<V>(id: string, change: (variables: V) => Promise<StaffSubscription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (subscription) => {
      queryClient.setQueryData(oneKey(id), subscription);
      return queryClient.invalidateQueries({ queryKey: [...subscriptionsKey, 'list'] });
    },
  });
}

export const useUpdateSubscription = (id: string) =>
  useSubscriptionChange(id, (body: SubscriptionUpdate) => call(updateSubscription, { params: { id }, body }));

export const useAddBandwidth = (id: string) =>
  useSubscriptionChange(id, (bandwidth: number) =>
    call(addSubscriptionBandwidth, { params: { id }, body: { bandwidth } }),
  );

export const usePlanTime = (id: string) =>
  useSubscriptionChange(id, (body: { timeToAdd: number; operationType: PlantimeOperation }) =>
    call(planTime, { params: { subscriptionId: id }, body }),
  );

export const useResolveSubscription = (id: string) =>
  useSubscriptionChange(id, () => call(resolveSubscription, { params: { id } }));

export const useRegenerateCredentials = (id: string) =>
  useSubscriptionChange(id, () => call(regenerateCredentials, { body: { id } }));

export const useSetWhitelistLimit = (id: string) =>
  useSubscriptionChange(id, (limit: number) => call(setWhitelistLimit, { params: { subscriptionId: id, limit } }));

export const useResetWhitelistLimit = (id: string) =>
  useSubscriptionChange(id, () => call(resetWhitelistLimit, { params: { subscriptionId: id } }));

export const useReverifyPayment = (id: string) =>
  useSubscriptionChange(id, async () => (await call(reverifyPayment, { params: { id } })).subscription);

/** Removes the subscription, or with `onlyRenew` just its automatic renewal. */
export function useDeleteSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onlyRenew: boolean) =>
      call(deleteSubscription, { params: { id }, query: onlyRenew ? { deleteOnlyRenew: 'true' } : {} }),
    // A deleted subscription's page is left right away; only the lists need reading again then.
    onSuccess: (_, onlyRenew) =>
      Promise.all([
        onlyRenew ? queryClient.invalidateQueries({ queryKey: oneKey(id) }) : undefined,
        queryClient.invalidateQueries({ queryKey: [...subscriptionsKey, 'list'] }),
      ]),
  });
}
