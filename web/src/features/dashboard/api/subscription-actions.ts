import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  activateSubscription,
  deleteResidential,
  renewQuote,
  renewSubscription,
  setAutoRenewStatus,
  setAutoRenewValue,
  type RenewBody,
} from '@tollgate/contract/subscriptions/subscriptions';
import { call } from '#lib/api-client.ts';
import { notify } from '#lib/toast.ts';
import { useRefreshDashboard } from './get-dashboard.ts';

/*
 * Every action reloads the dashboard and the balance when it settles, failures included: a
 * 'Plan expired' answer means the list is out of date, and the customer stays on /dashboard (spec §4).
 */

export function useActivateSubscription() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (subscriptionId: string) => call(activateSubscription, { params: { subscriptionId } }),
    onSuccess: (result) => (result.active ? undefined : refresh()),
    onError: () => refresh(),
  });
}

export function useRenewSubscription(id: string) {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (body: RenewBody) => call(renewSubscription, { params: { id }, body }),
    onSettled: refresh,
  });
}

export type RenewQuoteQuery = Omit<RenewBody, 'paymentMethod'> & { paymentMethod?: RenewBody['paymentMethod'] };

/** What the chosen renewal would cost; the previous price stays on screen while the next loads. */
export function useRenewQuote(id: string, query: RenewQuoteQuery | null) {
  return useQuery({
    queryKey: ['subscriptions', id, 'renew-quote', query],
    queryFn: ({ signal }) => call(renewQuote, { params: { id }, query: query!, signal }),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

export function useSetAutoRenewStatus(subscriptionId: string) {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (status: boolean) => call(setAutoRenewStatus, { body: { subscriptionId, status } }),
    onSettled: refresh,
  });
}

export function useSetAutoRenewValue(subscriptionId: string) {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (renewvalue: number) => call(setAutoRenewValue, { body: { subscriptionId, renewvalue } }),
    // Here, not in mutate(): the saved value re-keys the form, which unmounts the caller first.
    onSuccess: () => void notify('success', setAutoRenewValue.message),
    onSettled: refresh,
  });
}

export function useRemoveSubscription() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (id: string) => call(deleteResidential, { params: { id } }),
    onSettled: refresh,
  });
}
