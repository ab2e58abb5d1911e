import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { toDollars } from '@tollgate/contract/http/money';
import { PLAN_EXPIRED, type RenewBody, type RenewQuote } from '@tollgate/contract/subscriptions/subscriptions';
import { ledger } from '#platform/billing/ledger.ts';
import { toPriceLine } from '#platform/billing/price-lines.ts';
import { discountOf } from '#platform/billing/pricing.ts';
import { renewalSettings } from '#platform/billing/renewal-settings.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { noticeOutbox, receiptKey } from '#platform/notices/notice-outbox.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { assertOnSale } from '#platform/products/types-config.ts';
import type { TypesConfig } from '@tollgate/contract/plans/product-types';
import type { PlanType } from '@tollgate/contract/plans/plans';
import type { PriceLineCents } from '#platform/billing/price-lines.ts';
import type { CheckoutDeps } from './checkout.deps';
import { assertMayPay, priced } from './checkout-errors';
import { assertWithinCardLimit, providerFor } from './payment-guards';
import { checkoutRepository as repo } from './checkout.repository';
import { openCheckout, type Urls } from './open-checkout';
import { priceRenewal } from '#platform/billing/renew-pricing.ts';
import { renewalChange } from './settlement.service';

export interface RenewRequest {
  accountId: string;
  subscriptionId: string;
  /** The plan's owner when another account pays for it (a reseller for its sub-user, ADR 041); else the payer. */
  ownerId?: string | undefined;
  body: Omit<RenewBody, 'paymentMethod'> & { paymentMethod: PaymentMethod };
  /** Automatic renewals: go ahead only if the plan still ends then, so a period is renewed once. */
  onlyIfExpiresAt?: Date;
}

/** A renewal as chosen, before a way to pay is picked: what a quote prices. */
type RenewChoice = Omit<RenewRequest, 'body'> & { body: Omit<RenewRequest['body'], 'paymentMethod'> };

/**
 * A reseller's change of its own plan (ADR 041): paid from its balance at the price `price` gives
 * (from the renewal's own pricing, which still decides what is allowed), in the caller's transaction.
 */
export interface ResaleChange {
  db: DbOrTx;
  types: TypesConfig;
  price(change: {
    planType: PlanType;
    units: number;
    days: number;
    threads: number;
    catalogueCents: number;
  }): Promise<{ totalCents: number; lines: PriceLineCents[] }>;
}

/** A reseller's change: it pays (`accountId`); the plan is its own or its sub-user's (`ownerId`). */
type ResaleChangeRequest = {
  accountId: string;
  subscriptionId: string;
  ownerId?: string | undefined;
  body: Omit<RenewBody, 'paymentMethod' | 'coupon'>;
};

export const ALREADY_RENEWED = 'This plan has already been renewed for this period';

/**
 * Renewing, extending or adding bandwidth, priced by the renewal tables and the same pricing module
 * as purchases. Balance applies it in the same transaction as the debit; card and crypto apply it
 * when the payment settles.
 */
export function createRenewService(deps: CheckoutDeps) {
  const { db, providers, coupons, subscriptions } = deps;

  /**
   * What a renewal of this subscription costs, for the quote and for paying alike: the plan's state
   * allows it, the renewal tables price it, and a coupon is checked. Paying also locks the
   * subscription and takes the coupon's use, inside its transaction.
   */
  async function priceOf(
    dbx: DbOrTx,
    request: RenewChoice,
    method: PaymentMethod,
    mode: 'quote' | 'pay',
    types: TypesConfig,
  ) {
    const { body, accountId } = request;
    const subscription = await subscriptions.forRenewal(dbx, request.subscriptionId, request.ownerId ?? accountId, {
      lock: mode === 'pay',
    });
    if (!subscription) throw notFound('No such subscription');
    if (request.onlyIfExpiresAt && subscription.expiresAt?.getTime() !== request.onlyIfExpiresAt.getTime())
      throw new AppError(409, ALREADY_RENEWED);
    if (subscription.status === 'pending') throw badRequest('This plan is waiting for its payment');
    if (subscription.status === 'cancelled') throw badRequest('This plan was cancelled');
    if (subscription.status === 'expired' && body.updatingType === 'bandwidth') throw badRequest(PLAN_EXPIRED);
    const plan = await repo.planById(dbx, subscription.planId);
    if (!plan) throw notFound('No such plan');
    // The plan keeps working until it ends; it is not sold again while its type is off sale.
    assertOnSale(types, plan.type);
    const settings = await renewalSettings(dbx);
    const price = priced(() =>
      priceRenewal({
        plan,
        type: plan.type,
        currentThreads: subscription.threads,
        settings,
        body,
      }),
    );
    const use = body.coupon ? { code: body.coupon, accountId, planType: plan.type, processor: method } : null;
    const applied = use ? await (mode === 'pay' ? coupons.redeem(dbx, use) : coupons.check(dbx, use)) : null;
    const discountCents = priced(() => discountOf(price.subtotalCents, applied?.discountPercent ?? 0));
    return {
      subscription,
      plan,
      price,
      coupon: applied,
      discountCents,
      totalCents: price.subtotalCents - discountCents,
    };
  }

  async function quote(request: RenewChoice, method: PaymentMethod): Promise<RenewQuote> {
    const q = await priceOf(db, request, method, 'quote', await deps.typesConfig());
    return {
      subscriptionId: q.subscription.id,
      description: q.price.description,
      subtotal: toDollars(q.price.subtotalCents),
      discount: toDollars(q.discountCents),
      total: toDollars(q.totalCents),
      couponCode: q.coupon?.code ?? null,
      lines: q.price.lines.map(toPriceLine),
    };
  }

  async function renew(request: RenewRequest, urls: Urls, resale?: ResaleChange) {
    const { body, accountId } = request;
    const method = body.paymentMethod;
    const provider = providerFor(providers, method);
    // Read before the transaction: on PGlite's single session the outer handle would wait on it.
    const types = resale ? resale.types : await deps.typesConfig();

    const place = async (tx: DbOrTx) => {
      const payer = await repo.payer(tx, accountId, { lock: method === 'stripe' });
      assertMayPay(payer, method);
      const priced = await priceOf(tx, request, method, 'pay', types);
      const { subscription, plan, coupon } = priced;
      let { price, discountCents, totalCents } = priced;
      if (resale) {
        // The renewal's pricing decided what is allowed; the reseller's own price replaces its amount.
        const resold = await resale.price({
          planType: plan.type,
          units: price.units,
          days: price.days,
          threads: subscription.threads,
          catalogueCents: price.subtotalCents,
        });
        price = {
          ...price,
          subtotalCents: resold.totalCents,
          lines: resold.lines,
          description: `${price.description}, reseller price`,
        };
        discountCents = 0;
        totalCents = resold.totalCents;
      }
      const paidNow = method === 'balance' || totalCents === 0;
      if (method === 'stripe' && !paidNow) {
        await assertWithinCardLimit(tx, payer, totalCents);
      }
      const invoice = await repo.insertInvoice(tx, {
        accountId,
        kind: 'renewal',
        subscriptionId: subscription.id,
        planId: plan.id,
        description: `${plan.title} — ${price.description}`,
        planTitle: plan.title,
        planType: plan.type,
        units: price.units || null,
        unit: price.unit,
        days: price.days || null,
        updatingType: price.updatingType,
        country: subscription.country,
        subtotalCents: price.subtotalCents,
        discountCents,
        totalCents,
        couponId: coupon?.couponId ?? null,
        couponCode: coupon?.code ?? null,
        lines: price.lines,
        paymentMethod: method,
        status: paidNow ? 'paid' : 'pending',
        paidAt: paidNow ? new Date() : null,
      });
      let balanceCents = payer.balanceCents;
      if (paidNow) {
        if (totalCents > 0) {
          balanceCents = await ledger.debit(tx, {
            accountId,
            amountCents: totalCents,
            kind: 'renewal',
            reference: invoice.id,
          });
        }
        await subscriptions.applyRenewal(tx, subscription.id, renewalChange(invoice));
        await noticeOutbox.add(tx, {
          accountId,
          kind: 'receipt',
          eventKey: receiptKey(invoice.id),
          subjectId: invoice.id,
          data: { automatic: Boolean(request.onlyIfExpiresAt) },
        });
      }
      const payment =
        paidNow || !provider
          ? null
          : await repo.insertPayment(tx, {
              accountId,
              invoiceId: invoice.id,
              purpose: 'purchase',
              method: method as 'stripe' | 'crypto',
              provider: provider.name,
              amountCents: totalCents,
            });
      return { invoice, payment, balanceCents, email: payer.email };
    };
    const order = resale ? await place(resale.db) : await db.transaction(place);

    const base = {
      subscriptionId: request.subscriptionId,
      invoiceId: order.invoice.id,
      total: toDollars(order.invoice.totalCents),
      balance: toDollars(order.balanceCents),
    };
    if (!order.payment || !provider) return { ...base, status: 'paid' as const };
    const url = await openCheckout(deps, provider, {
      payment: order.payment,
      description: order.invoice.description,
      customerEmail: order.email,
      successUrl: urls.purchaseSuccess(request.subscriptionId),
      cancelUrl: urls.purchaseFailed(),
      callbackUrl: urls.callback(provider.name),
    });
    return {
      ...base,
      status: 'pending' as const,
      linkData: { hosted_url: url },
      ...(method === 'crypto' ? { invoiceLink: url } : {}),
    };
  }

  /** A reseller's change of its own plan, paid from its balance in the caller's transaction. */
  async function resellChange(resale: ResaleChange, request: ResaleChangeRequest) {
    const result = await renew(
      {
        accountId: request.accountId,
        subscriptionId: request.subscriptionId,
        ownerId: request.ownerId,
        body: { ...request.body, paymentMethod: 'balance' },
      },
      {} as Urls,
      resale,
    );
    return {
      subscriptionId: result.subscriptionId,
      invoiceId: result.invoiceId,
      total: result.total,
      balance: result.balance,
    };
  }

  /** What a reseller's change would cost at its price, charging nothing. */
  async function resellQuote(resale: Omit<ResaleChange, 'db'>, request: ResaleChangeRequest) {
    const q = await priceOf(db, request, 'balance', 'quote', resale.types);
    const resold = await resale.price({
      planType: q.plan.type,
      units: q.price.units,
      days: q.price.days,
      threads: q.subscription.threads,
      catalogueCents: q.price.subtotalCents,
    });
    return {
      subscriptionId: q.subscription.id,
      description: q.price.description,
      totalCents: resold.totalCents,
      lines: resold.lines,
    };
  }

  return { renew, quote, resellChange, resellQuote };
}
