import type { PurchaseResult } from '@tollgate/contract/checkout/purchase';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { toDollars } from '@tollgate/contract/http/money';
import { ledger } from '#platform/billing/ledger.ts';
import { pricedPlanOf, quote } from '#platform/billing/pricing.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import type { CheckoutDeps } from './checkout.deps';
import { assertMayPay, countryNotSelected, priced } from './checkout-errors';
import { assertWithinCardLimit, providerFor } from './payment-guards';
import { checkoutRepository as repo } from './checkout.repository';
import { openCheckout, type Urls } from './open-checkout';

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
 * Buying a plan. Pricing, the coupon use, the subscription, the invoice and (for balance) the debit
 * and its ledger row commit together or not at all; a card or crypto checkout is opened only after
 * that commit, against a payment row that its callback later settles.
 */
export function createPurchaseService(deps: CheckoutDeps) {
  const { db, providers, coupons, subscriptions } = deps;

  return async function purchase(request: PurchaseRequest, urls: Urls): Promise<PurchaseResult> {
    const country = request.country?.trim();
    if (!country) throw countryNotSelected();
    const method = request.paymentMethod;
    const provider = providerFor(providers, method);

    const order = await db.transaction(async (tx) => {
      const { payer, plan } = await repo.payerAndPlan(tx, request.accountId, request.planId, {
        lock: method === 'stripe',
      });
      assertMayPay(payer, method);
      if (!plan) throw notFound('No such plan');
      const pricing = priced(() => pricedPlanOf(plan));
      if (pricing.unit === 'package' && request.value !== 1) throw badRequest('This plan is sold as one package');

      const coupon = request.coupon
        ? await coupons.redeem(tx, {
            code: request.coupon,
            accountId: request.accountId,
            planType: plan.type,
            processor: method,
          })
        : null;
      const q = priced(() =>
        quote(pricing, {
          units: request.value,
          ...(request.days === undefined ? {} : { days: request.days }),
          discountPercent: coupon?.discountPercent ?? 0,
        }),
      );
      // Nothing to pay (a free trial, a 100 % coupon) needs no provider.
      const paidNow = method === 'balance' || q.totalCents === 0;
      if (method === 'stripe' && !paidNow) {
        await assertWithinCardLimit(tx, payer, q.totalCents);
      }

      const subscriptionId = await subscriptions.create(
        tx,
        {
          accountId: request.accountId,
          planId: plan.id,
          planTitle: plan.title,
          planType: plan.type,
          country,
          bandwidthGb: pricing.unit === 'GB' ? q.units : plan.bandwidthGb,
          threads: pricing.unit === 'threads' ? q.units : plan.threads,
          days: q.days,
        },
        { active: paidNow },
      );
      const invoice = await repo.insertInvoice(tx, {
        accountId: request.accountId,
        kind: 'purchase',
        subscriptionId,
        planId: plan.id,
        description: `${plan.title} — ${pricing.unit === 'package' ? 'package' : `${q.units} ${pricing.unit}`}, ${q.days} days`,
        planTitle: plan.title,
        planType: plan.type,
        units: q.units,
        unit: pricing.unit,
        days: q.days,
        country,
        subtotalCents: q.subtotalCents,
        discountCents: q.discountCents,
        totalCents: q.totalCents,
        couponId: coupon?.couponId ?? null,
        couponCode: coupon?.code ?? null,
        paymentMethod: method,
        status: paidNow ? 'paid' : 'pending',
        paidAt: paidNow ? new Date() : null,
      });
      let balanceCents = payer.balanceCents;
      if (paidNow && q.totalCents > 0) {
        balanceCents = await ledger.debit(tx, {
          accountId: request.accountId,
          amountCents: q.totalCents,
          kind: 'purchase',
          reference: invoice.id,
        });
      }
      const payment =
        paidNow || !provider
          ? null
          : await repo.insertPayment(tx, {
              accountId: request.accountId,
              invoiceId: invoice.id,
              purpose: 'purchase',
              method: method as 'stripe' | 'crypto',
              provider: provider.name,
              amountCents: q.totalCents,
            });
      return { subscriptionId, invoice, payment, balanceCents, email: payer.email };
    });

    const base = {
      subscriptionId: order.subscriptionId,
      invoiceId: order.invoice.id,
      total: toDollars(order.invoice.totalCents),
      balance: toDollars(order.balanceCents),
    };
    if (!order.payment || !provider) return { ...base, status: 'paid' };

    const url = await openCheckout(deps, provider, {
      payment: order.payment,
      description: order.invoice.description,
      customerEmail: order.email,
      successUrl: urls.purchaseSuccess(order.subscriptionId),
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
