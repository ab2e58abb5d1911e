import { and, desc, eq } from 'drizzle-orm';
import type { CheckoutDeps } from './checkout.deps';
import { invoices, payments, type PaymentStatus } from './checkout.schema';
import { createSettlementService } from './settlement.service';

/**
 * Staff "reverify payment": asks the provider about the subscription's latest card or crypto payment
 * and settles it as a callback would. Null when there is nothing to ask or the provider cannot say.
 */
export function createPaymentVerifier(deps: CheckoutDeps) {
  const settle = createSettlementService(deps);
  return async (subscriptionId: string): Promise<PaymentStatus | null> => {
    const [latest] = await deps.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(invoices.subscriptionId, subscriptionId)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!latest) return null;
    const { payment } = latest;
    if (payment.status !== 'pending') return payment.status;
    const provider = deps.providers.byName(payment.provider);
    if (!provider || !payment.externalId) return null;
    const status = await provider.fetchStatus(payment.externalId);
    if (status === null) return null;
    if (status !== 'pending') await settle({ id: payment.id }, status);
    return status;
  };
}
export type PaymentVerifier = ReturnType<typeof createPaymentVerifier>;
