import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAccount, supportAccount } from '@tollgate/contract/admin/account-page';
import { adminPlans, supportPlans } from '@tollgate/contract/plans/plans';
import {
  addSubscription,
  addSubscriptionBody,
  supportAddSubscription,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import type { z } from 'zod';
import { call } from '#lib/api-client.ts';

/** Administrators and Managers give any plan; support gives trial plans only (spec §6). */
export type GiftScope = 'admin' | 'support';
export type AddSubscriptionBody = z.output<typeof addSubscriptionBody>;

/** Who the plan is for, so staff see they have the right account before giving it. */
export function useAccountWho(scope: GiftScope, userId: string) {
  return useQuery({
    queryKey: [scope, 'accounts', 'one', userId, 'who'],
    queryFn: async ({ signal }) => {
      const query = { page: 1, size: 1 };
      const { account } =
        scope === 'admin'
          ? await call(adminAccount, { params: { userId }, query, signal })
          : await call(supportAccount, { params: { id: userId }, query, signal });
      return { id: account.id, username: account.username, email: account.email, role: account.role };
    },
  });
}

export function useGiftPlans(scope: GiftScope) {
  return useQuery({
    queryKey: [scope, 'plans', 'gift'],
    queryFn: ({ signal }) =>
      call(scope === 'admin' ? adminPlans : supportPlans, { query: { page: 1, size: 0 }, signal }),
    select: (data) => (scope === 'admin' ? data.items : data.items.filter((plan) => plan.trial)),
  });
}

export function useAddSubscription(scope: GiftScope, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSubscriptionBody) =>
      call(scope === 'admin' ? addSubscription : supportAddSubscription, { params: { userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [scope] }),
  });
}
