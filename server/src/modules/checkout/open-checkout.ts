import { AppError } from '#platform/http/errors.ts';
import type { PaymentProvider } from '#platform/payments/provider.ts';
import type { CheckoutDeps } from './checkout.deps';
import type { PaymentRow } from './checkout.schema';
import { PROVIDER_FAILED } from './checkout-errors';
import { checkoutRepository as repo } from './checkout.repository';
import { createSettlementService } from './settlement.service';

/** Where the customer and the provider are sent, built from this site's public address. */
export interface Urls {
  purchaseSuccess(subscriptionId: string): string;
  purchaseFailed(): string;
  topupReturn(paymentId: string): string;
  callback(provider: PaymentProvider['name']): string;
}

export function urlsFor(origin: string): Urls {
  return {
    purchaseSuccess: (id) => `${origin}/dashboard/payment-success/${id}`,
    purchaseFailed: () => `${origin}/dashboard/payment-failed`,
    topupReturn: (id) => `${origin}/topup?payment=${id}`,
    callback: (provider) => `${origin}/api/v1/payments/${provider}/webhook`,
  };
}

/**
 * Asks the provider for a checkout for a committed payment row. If the provider fails, the payment
 * is settled as failed (coupon given back, subscription cancelled) and the customer told so.
 */
export async function openCheckout(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  input: {
    payment: PaymentRow;
    description: string;
    customerEmail: string;
    successUrl: string;
    cancelUrl: string;
    callbackUrl: string;
  },
): Promise<string> {
  try {
    const session = await provider.createCheckout({
      paymentId: input.payment.id,
      accountId: input.payment.accountId,
      amountCents: input.payment.amountCents,
      description: input.description,
      customerEmail: input.customerEmail,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      callbackUrl: input.callbackUrl,
    });
    await repo.recordCheckout(deps.db, input.payment.id, session);
    return session.url;
  } catch (error) {
    await createSettlementService(deps)({ id: input.payment.id }, 'failed');
    throw new AppError(502, PROVIDER_FAILED, { error: error instanceof Error ? error.message : 'provider error' });
  }
}
