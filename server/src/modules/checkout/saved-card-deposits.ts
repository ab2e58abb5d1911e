import type { DbOrTx } from '#platform/db/client.ts';
import type { ChargeResult, OffSessionPayments, PaymentProvider } from '#platform/payments/provider.ts';
import type { CheckoutDeps } from './checkout.deps';
import { assertMayPay } from './checkout-errors';
import { checkoutRepository as repo } from './checkout.repository';
import type { CallbackHandler } from './payment-callbacks';
import { assertWithinCardLimit } from './payment-guards';
import { createSettlementService } from './settlement.service';

export type CardProvider = PaymentProvider & { name: 'stripe' | 'sandbox'; offSession: OffSessionPayments };

/**
 * Deposits made by charging a saved card (auto top-up, ADR 034). They are ordinary card deposits:
 * an invoice and a payment row first, the credit, ledger row and receipt when the payment settles,
 * through the settlement every deposit uses, under the same processor flag and daily card limit.
 */
export function createSavedCardDeposits(deps: CheckoutDeps, handle: CallbackHandler) {
  const settle = createSettlementService(deps);

  /** Who saves and charges cards here: Stripe when configured, else the sandbox outside production. */
  function provider(): CardProvider | null {
    const card = deps.providers.stripe;
    if (!card?.offSession || (card.name !== 'stripe' && card.name !== 'sandbox')) return null;
    return card as CardProvider;
  }

  return {
    provider,

    /** The invoice and pending payment of one automatic charge, in the caller's transaction. */
    async open(
      tx: DbOrTx,
      input: { paymentId: string; accountId: string; amountCents: number; provider: CardProvider },
    ) {
      const payer = await repo.payer(tx, input.accountId, { lock: true });
      assertMayPay(payer, 'stripe');
      await assertWithinCardLimit(tx, payer, input.amountCents);
      const invoice = await repo.insertInvoice(tx, {
        accountId: input.accountId,
        kind: 'deposit',
        description: `Automatic top-up of $${(input.amountCents / 100).toFixed(2)}`,
        subtotalCents: input.amountCents,
        totalCents: input.amountCents,
        paymentMethod: 'stripe',
        status: 'pending',
      });
      await repo.insertPayment(tx, {
        id: input.paymentId,
        accountId: input.accountId,
        invoiceId: invoice.id,
        purpose: 'deposit',
        method: 'stripe',
        provider: input.provider.name,
        amountCents: input.amountCents,
      });
    },

    /**
     * What the provider answered for the charge: a final answer settles the payment now, the
     * sandbox's signed callback goes through the webhook's own handler, and a pending charge waits
     * for the provider's callback.
     */
    async charged(card: CardProvider, paymentId: string, result: ChargeResult) {
      await repo.recordCheckout(deps.db, paymentId, { externalId: result.externalId, url: null });
      if (result.callback) {
        await handle(card, Buffer.from(result.callback.body), result.callback.headers);
      } else if (result.status !== 'pending') {
        await settle({ id: paymentId }, result.status);
      }
    },

    /** A charge that never reached the provider (it threw): nothing was taken. */
    async abandoned(paymentId: string) {
      await settle({ id: paymentId }, 'failed');
    },
  };
}
export type SavedCardDeposits = ReturnType<typeof createSavedCardDeposits>;
