import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import type { DbOrTx } from '#platform/db/client.ts';
import { badRequest } from '#platform/http/errors.ts';
import type { PaymentProvider } from '#platform/payments/provider.ts';
import type { PaymentProviders } from './checkout.deps';
import { overStripeLimit, PROVIDER_UNAVAILABLE } from './checkout-errors';
import { checkoutRepository as repo } from './checkout.repository';

const CARD_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Who takes this method's money; null for balance. Refused when nobody is configured for it. */
export function providerFor(providers: PaymentProviders, method: PaymentMethod): PaymentProvider | null {
  if (method === 'balance') return null;
  const provider = method === 'stripe' ? providers.stripe : providers.crypto;
  if (!provider) throw badRequest(PROVIDER_UNAVAILABLE);
  return provider;
}

/**
 * Spec §9 stripeLimit over a rolling 24 hours, open checkouts included. Call it with the payer's row
 * locked (repo.payer / payerAndPlan with lock), so two checkouts cannot both squeeze under it.
 */
export async function assertWithinCardLimit(
  tx: DbOrTx,
  payer: { id: string; stripeLimitCents: number },
  amountCents: number,
) {
  const used = await repo.cardCentsSince(tx, payer.id, new Date(Date.now() - CARD_LIMIT_WINDOW_MS));
  if (used + amountCents > payer.stripeLimitCents) throw overStripeLimit(payer.stripeLimitCents, used);
}
