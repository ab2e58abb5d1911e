import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { dashboard, renewQuote, renewSubscription } from '@tollgate/contract/subscriptions/subscriptions';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';

/** The same cache entry the dashboard reads: one request serves both, one refresh updates both. */
const dashboardKey = ['public', 'dashboard'] as const;

/** My plans of this product that can still take GB: active, same plan. */
export function useMyPlansOf(planId: string) {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => call(dashboard, { signal }),
    select: (data) => data.subscriptions.filter((s) => s.planId === planId && s.status === 'active'),
  });
}

/** The renewal code's price for adding GB to an existing plan (a bandwidth renewal). */
export function useAddBandwidthQuote(
  subscriptionId: string,
  bandwidth: number,
  paymentMethod: PaymentMethod | undefined,
) {
  return useQuery({
    queryKey: ['subscriptions', subscriptionId, 'renew-quote', { updatingType: 'bandwidth', bandwidth, paymentMethod }],
    queryFn: ({ signal }) =>
      call(renewQuote, {
        params: { id: subscriptionId },
        query: { updatingType: 'bandwidth', bandwidth, paymentMethod },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: subscriptionId !== '' && Number.isInteger(bandwidth) && bandwidth >= 1,
  });
}

export function useAddBandwidth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriptionId: string; bandwidth: number; paymentMethod: PaymentMethod }) =>
      call(renewSubscription, {
        params: { id: input.subscriptionId },
        body: { updatingType: 'bandwidth', bandwidth: input.bandwidth, paymentMethod: input.paymentMethod },
      }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: dashboardKey }), refreshCurrentUser()]),
  });
}
