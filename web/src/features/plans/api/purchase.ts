import { useMutation } from '@tanstack/react-query';
import { purchasePlan, type PurchaseBody } from '@tollgate/contract/checkout/purchase';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';

export function usePurchasePlan(planId: string) {
  return useMutation({
    mutationFn: (body: PurchaseBody) => call(purchasePlan, { params: { planId }, body }),
    // Balance moves on success, and a refused card may still have been counted: reload either way.
    onSettled: refreshCurrentUser,
  });
}
