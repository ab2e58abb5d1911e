import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createAlert,
  deleteAlert,
  myAlerts,
  updateAlert,
  type AlertRuleBody,
  type AlertRulePatch,
} from '@tollgate/contract/automation/alerts';
import {
  myAutoTopup,
  removeSavedCard,
  saveAutoTopup,
  saveCardCheckout,
  type AutoTopupBody,
} from '@tollgate/contract/automation/auto-topup';
import {
  createWebhook,
  deleteWebhook,
  myWebhookDeliveries,
  myWebhooks,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  type WebhookBody,
} from '@tollgate/contract/automation/webhooks';
import { dashboard } from '@tollgate/contract/subscriptions/subscriptions';
import { call } from '#lib/api-client.ts';

/** Issue 18's automation in Settings: alerts, webhooks and their log, auto top-up. */
const keys = {
  alerts: ['automation', 'alerts'] as const,
  webhooks: ['automation', 'webhooks'] as const,
  deliveries: ['automation', 'deliveries'] as const,
  autoTopup: ['automation', 'auto-topup'] as const,
};

export function useAlerts() {
  return useQuery({ queryKey: keys.alerts, queryFn: ({ signal }) => call(myAlerts, { signal }) });
}

/** My plans, for an alert about one of them; the dashboard's own key, so a visit from there reuses it. */
export function useMyPlans() {
  return useQuery({
    queryKey: ['public', 'dashboard'] as const,
    queryFn: ({ signal }) => call(dashboard, { signal }),
    select: (data) => data.subscriptions.filter((s) => s.status === 'active' || s.status === 'pending'),
  });
}

function useAlertsMutation<V>(fn: (value: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: keys.alerts }) });
}
export const useCreateAlert = () => useAlertsMutation((body: AlertRuleBody) => call(createAlert, { body }));
export const useUpdateAlert = () =>
  useAlertsMutation(({ id, patch }: { id: string; patch: AlertRulePatch }) =>
    call(updateAlert, { params: { id }, body: patch }),
  );
export const useDeleteAlert = () => useAlertsMutation((id: string) => call(deleteAlert, { params: { id } }));

export function useWebhooks() {
  return useQuery({ queryKey: keys.webhooks, queryFn: ({ signal }) => call(myWebhooks, { signal }) });
}

function useWebhooksMutation<V, R>(fn: (value: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.webhooks });
      void client.invalidateQueries({ queryKey: keys.deliveries });
    },
  });
}
export const useCreateWebhook = () => useWebhooksMutation((body: WebhookBody) => call(createWebhook, { body }));
export const useToggleWebhook = () =>
  useWebhooksMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    call(updateWebhook, { params: { id }, body: { enabled } }),
  );
export const useDeleteWebhook = () => useWebhooksMutation((id: string) => call(deleteWebhook, { params: { id } }));
export const useRotateSecret = () => useWebhooksMutation((id: string) => call(rotateWebhookSecret, { params: { id } }));
export const useTestWebhook = () => useWebhooksMutation((id: string) => call(testWebhook, { params: { id } }));

/** The delivery log; it refreshes on its own while deliveries are still being retried. */
export function useDeliveries(page: number, size: number) {
  return useQuery({
    queryKey: [...keys.deliveries, page, size] as const,
    queryFn: ({ signal }) => call(myWebhookDeliveries, { query: { page, size }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 10_000 : false),
  });
}

export function useAutoTopup() {
  return useQuery({ queryKey: keys.autoTopup, queryFn: ({ signal }) => call(myAutoTopup, { signal }) });
}

function useAutoTopupMutation<V>(fn: (value: V) => ReturnType<typeof call<typeof myAutoTopup>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (data) => client.setQueryData(keys.autoTopup, data) });
}
export const useSaveAutoTopup = () => useAutoTopupMutation((body: AutoTopupBody) => call(saveAutoTopup, { body }));
export const useRemoveCard = () => useAutoTopupMutation(() => call(removeSavedCard));
export function useSaveCard() {
  return useMutation({ mutationFn: () => call(saveCardCheckout) });
}
