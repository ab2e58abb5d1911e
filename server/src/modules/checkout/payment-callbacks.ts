import type { PaymentProvider, SavedCard } from '#platform/payments/provider.ts';
import type { CheckoutDeps } from './checkout.deps';
import type { PaymentProviderName } from './checkout.schema';
import type { RecordMoneyBack } from './money-back.service';
import { createSettlementService } from './settlement.service';

/** A card-saving checkout completed (auto top-up, wired in app.ts): `setupId` is the provider's id for it. */
export type CardSaved = (provider: PaymentProviderName, setupId: string, card: SavedCard | null) => Promise<void>;
export type CallbackOutcome = 'settled' | 'unchanged' | 'card-saved' | 'recorded';

/**
 * One verified provider callback applied: a payment's verdict settles it exactly once; a completed
 * card setup is handed to auto top-up; a refund or dispute is recorded (ADR 039). The webhook route and the sandbox's own charges both come
 * through here, so a sandbox charge settles by the very path a real one does.
 */
export function createCallbackHandler(deps: CheckoutDeps, cardSaved?: CardSaved, moneyBack?: RecordMoneyBack) {
  const settle = createSettlementService(deps);
  return async function handle(
    provider: PaymentProvider,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<CallbackOutcome> {
    const event = await provider.readCallback(rawBody, headers);
    if (!event) return 'unchanged';
    if (event.moneyBack) return moneyBack ? moneyBack(provider.name, event.moneyBack) : 'unchanged';
    if (event.setup) {
      await cardSaved?.(provider.name, event.externalId, event.setup.card);
      return 'card-saved';
    }
    if (event.status === 'pending') return 'unchanged';
    return settle({ provider: provider.name, externalId: event.externalId }, event.status);
  };
}
export type CallbackHandler = ReturnType<typeof createCallbackHandler>;
