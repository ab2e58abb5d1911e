import { AppError } from '#platform/http/errors.ts';
import type { CheckoutDeps } from './checkout.deps';
import { urlsFor } from './open-checkout';
import { ALREADY_RENEWED, createRenewService } from './renew.service';

/**
 * Automatic renewals: an extension by the chosen days, from balance, only while the plan still ends
 * when the job saw it. Refusals (too little balance, method disabled) come back as reasons to mail.
 */
export function createAutoRenewer(deps: CheckoutDeps) {
  const { renew } = createRenewService(deps);
  const urls = urlsFor(deps.publicUrl ?? 'http://localhost');
  return async (input: { accountId: string; subscriptionId: string; days: number; expiresAt: Date }) => {
    try {
      const result = await renew(
        {
          accountId: input.accountId,
          subscriptionId: input.subscriptionId,
          body: { updatingType: 'extend', days: input.days, paymentMethod: 'balance' },
          onlyIfExpiresAt: input.expiresAt,
        },
        urls,
      );
      return { renewed: true as const, amount: result.total, invoiceId: result.invoiceId };
    } catch (error) {
      if (error instanceof AppError && error.message === ALREADY_RENEWED)
        return { renewed: false as const, reason: null };
      if (error instanceof AppError && error.status < 500) return { renewed: false as const, reason: error.message };
      throw error;
    }
  };
}
