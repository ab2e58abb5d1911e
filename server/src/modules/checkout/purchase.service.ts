import type { PurchaseResult } from '@tollgate/contract/checkout/purchase';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { toDollars } from '@tollgate/contract/http/money';
import type { DbOrTx } from '#platform/db/client.ts';
import type { CheckoutDeps } from './checkout.deps';
import { assertWithinCardLimit, providerFor } from './payment-guards';
import { checkoutRepository as repo } from './checkout.repository';
import { openCheckout, type Urls } from './open-checkout';
import { createOrderSteps } from './order-steps';

export interface PurchaseRequest {
  accountId: string;
  planId: string;
  value: number;
  days?: number | undefined;
  country?: string | undefined;
  coupon?: string | undefined;
  paymentMethod: PaymentMethod;
}

/**
 * Buying a plan: the order's steps (order-steps.ts) with a coupon and, for card and crypto, a
 * payment. The order (subscription, invoice, the coupon use and, for balance, the debit and its
 * ledger row) is written by one statement, so it lands whole or not at all. A balance purchase needs
 * no more than that; card and crypto add their payment row in a transaction (a card's daily limit is
 * checked under a lock on the payer), and open the provider's checkout only after it commits.
 */
export function createPurchaseService(deps: CheckoutDeps) {
  const { db, providers, coupons } = deps;
  const steps = createOrderSteps(deps);

  return async function purchase(request: PurchaseRequest, urls: Urls): Promise<PurchaseResult> {
    const country = steps.country(request.country);
    const method = request.paymentMethod;
    const provider = providerFor(providers, method);
    // Read before any transaction: on PGlite's single session the outer handle would wait on it.
    const types = await deps.typesConfig();

    const placeOrder = async (dbx: DbOrTx) => {
      const read = await steps.read(dbx, {
        payerId: request.accountId,
        planId: request.planId,
        lock: method === 'stripe',
      });
      const catalogue = steps.quote(read, { types, method, units: request.value, days: request.days });
      const coupon = request.coupon
        ? await coupons.check(dbx, {
            code: request.coupon,
            accountId: request.accountId,
            planType: catalogue.plan.type,
            processor: method,
          })
        : null;
      const draft = steps.draft(catalogue, { ownerId: request.accountId, country, method, coupon });
      if (method === 'stripe' && !draft.paidNow) {
        await assertWithinCardLimit(dbx, draft.payer, draft.invoice.totalCents);
      }
      const written = await steps.write(dbx, draft);
      const payment =
        draft.paidNow || !provider
          ? null
          : await repo.insertPayment(dbx, {
              accountId: request.accountId,
              invoiceId: draft.invoice.id,
              purpose: 'purchase',
              method: method as 'stripe' | 'crypto',
              provider: provider.name,
              amountCents: draft.invoice.totalCents,
            });
      return { draft, balanceCents: written.balanceCents, payment };
    };
    // A balance order is one statement and needs no transaction; a provider's adds its payment row.
    const { draft, balanceCents, payment } =
      method === 'balance' ? await placeOrder(db) : await db.transaction(placeOrder);

    const base = {
      subscriptionId: draft.subscriptionId,
      invoiceId: draft.invoice.id,
      total: toDollars(draft.invoice.totalCents),
      balance: toDollars(balanceCents),
    };
    if (!payment || !provider) return { ...base, status: 'paid' };

    const url = await openCheckout(deps, provider, {
      payment,
      description: draft.invoice.description,
      customerEmail: draft.payer.email,
      successUrl: urls.purchaseSuccess(draft.subscriptionId),
      cancelUrl: urls.purchaseFailed(),
      callbackUrl: urls.callback(provider.name),
    });
    return {
      ...base,
      status: 'pending',
      ...(method === 'stripe' ? { linkData: { result: { url } } } : { invoiceLink: url }),
    };
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
