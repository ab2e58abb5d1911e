import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import {
  supportAddSubscriptionBandwidth,
  supportDeleteSubscription,
  supportPlanTime,
  supportRegenerateCredentials,
  supportResolveSubscription,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import { callForMessage } from '#lib/api-client.ts';
import { supportKey } from './support-account.ts';

/** Support's copies of the subscription tools (spec §6), each by the plan's (subscription's) id. */
export type SupportPlanChange =
  | { kind: 'bandwidth'; id: string; body: BodyOf<typeof supportAddSubscriptionBandwidth> }
  | { kind: 'days'; id: string; body: BodyOf<typeof supportPlanTime> }
  | { kind: 'resolve'; id: string }
  | { kind: 'regenerate'; id: string }
  | { kind: 'deleteRenewal'; id: string }
  | { kind: 'delete'; id: string };

/** The server's word on it: applied, or (Support above its limit) waiting for a second staff member. */
export interface ChangeOutcome {
  message: string;
  pending: boolean;
}

function send(change: SupportPlanChange): Promise<{ message: string }> {
  const params = { id: change.id };
  switch (change.kind) {
    case 'bandwidth':
      return callForMessage(supportAddSubscriptionBandwidth, { params, body: change.body });
    case 'days':
      return callForMessage(supportPlanTime, { params: { subscriptionId: change.id }, body: change.body });
    case 'resolve':
      return callForMessage(supportResolveSubscription, { params });
    case 'regenerate':
      return callForMessage(supportRegenerateCredentials, { body: { id: change.id } });
    case 'deleteRenewal':
      return callForMessage(supportDeleteSubscription, { params, query: { deleteOnlyRenew: 'true' } });
    case 'delete':
      return callForMessage(supportDeleteSubscription, { params });
  }
}

const PENDING = new Set(
  [supportAddSubscriptionBandwidth.messages?.pending, supportPlanTime.messages?.pending].filter(Boolean),
);

/** Changes one of the account's plans; the account page (its plans list) is read again after. */
export function useSupportPlanChange(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SupportPlanChange): Promise<ChangeOutcome> => {
      const { message } = await send(change);
      return { message, pending: PENDING.has(message) };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKey(accountId) }),
  });
}
