import { randomUUID } from 'node:crypto';
import type { PurchaseResult } from '@tollgate/contract/checkout/purchase';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { toDollars } from '@tollgate/contract/http/money';
import { ledger } from '#platform/billing/ledger.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { preparedWrite, type WriteStep } from '#platform/db/write-together.ts';
import { sql, type SQL } from 'drizzle-orm';
import { noticeOutbox, receiptKey } from '#platform/notices/notice-outbox.ts';
import { discountOf, pricedPlanOf, quotePurchase } from '#platform/billing/pricing.ts';
import { notFound } from '#platform/http/errors.ts';
import { assertOnSale } from '#platform/products/types-config.ts';
import type { TypesConfig } from '@tollgate/contract/plans/product-types';
import type { PricingUnit } from '#platform/billing/quote.ts';
import type { PriceLineCents } from '#platform/billing/price-lines.ts';
import type { PlanType } from '@tollgate/contract/plans/plans';
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
 * A reseller's order (ADR 021): paid from the reseller's balance at the reseller's own price, the
 * plan going to `ownerId` (the reseller itself or one of its sub-users). Everything else (the
 * subscription, its delivery by the gateway, the invoice, the ledger) is the ordinary purchase.
 */
export interface ResaleRequest {
  payerId: string;
  ownerId: string;
  planId: string;
  value: number;
  days?: number | undefined;
  country: string;
  price(order: {
    planType: PlanType;
    unit: PricingUnit;
    units: number;
    days: number;
    catalogueCents: number;
  }): Promise<{ totalCents: number; lines: PriceLineCents[]; whitelistLimit?: number | null }>;
  /**
   * What the reseller module reads of its own with the payer and the plan, in the same round trip
   * (its terms and its idempotency record, ADR 041): `select` is one SQL value, bound by `values`;
   * `seen` gets it before anything else is checked and throws to end the order there (a repeated
   * Idempotency-Key answers what it stored).
   */
  read: { name: string; select: SQL; values: Record<string, unknown>; seen(facts: unknown): void };
  /**
   * More writes of the order's own statement, so that what the reseller keeps of the order (its
   * prepaid pool, its idempotency record) lands with it or not at all. `steps` get the balance the
   * order leaves (SQL, cents) and must include one named `resale_record` returning `recorded`,
   * which the order answers as it stored it. Asked after `price`, so it may depend on the price;
   * built once per `name`.
   */
  record(): ResaleRecord;
}

export interface ResaleRecord {
  name: string;
  steps(balanceCents: SQL): WriteStep[];
  values(order: { subscriptionId: string; invoiceId: string; totalCents: number }): Record<string, unknown>;
}

/** The balance an order leaves: the debit's, or (nothing to pay) the payer's as read, bound per order. */
const BALANCE_AFTER_DEBIT = sql`(select balance_after_cents from ledger_entry)`;
const BALANCE_AS_READ = sql`${sql.placeholder('order.balanceCents')}::bigint`;

/**
 * Buying a plan. The order (subscription, invoice, the coupon use and, for balance, the debit and
 * its ledger row) is written by one statement, so it lands whole or not at all: a balance or a
 * coupon that ran out in the meantime refuses all of it. A balance purchase needs no more than
 * that; card and crypto add their payment row in a transaction (a card's daily limit is checked
 * under a lock on the payer), and open the provider's checkout only after it commits.
 */
export function createPurchaseService(deps: CheckoutDeps) {
  const { db, providers, coupons, subscriptions } = deps;

  // One statement per kind of order (with or without a coupon, paid from balance or not), each
  // built once and prepared: a balance purchase costs two round trips, the read and this write.
  // An order paid now carries its receipt's notice as one more step (ADR 019).
  const statements = new Map<string, ReturnType<typeof preparedWrite>>();
  const orderStatement = (coupon: boolean, debit: boolean, paid: boolean, record?: ResaleRecord) => {
    const name = `place_order${coupon ? '_coupon' : ''}${debit ? '_debit' : ''}${paid ? '_paid' : ''}${record ? `_${record.name}` : ''}`;
    let statement = statements.get(name);
    if (!statement) {
      statement = preparedWrite(name, (dbx) => ({
        steps: [
          subscriptions.createStep.build(dbx),
          repo.insertInvoiceStep.build(dbx),
          ...(coupon ? coupons.useSteps(dbx) : []),
          ...(debit ? ledger.debitSteps.build() : []),
          ...(paid ? [noticeOutbox.step.build()] : []),
          ...(record ? record.steps(debit ? BALANCE_AFTER_DEBIT : BALANCE_AS_READ) : []),
        ],
        ...(record
          ? {
              result: debit
                ? sql`select ${BALANCE_AFTER_DEBIT} as balance_after_cents, (select recorded from resale_record) as recorded`
                : sql`select (select recorded from resale_record) as recorded`,
            }
          : debit
            ? { result: ledger.debitSteps.balanceAfter }
            : {}),
      }));
      statements.set(name, statement);
    }
    return statement;
  };

  async function purchase(
    input: PurchaseRequest,
    urls: Urls,
    resale?: { request: ResaleRequest; db: DbOrTx; types: TypesConfig },
  ): Promise<PurchaseResult & { recorded?: unknown }> {
    const request = input;
    const country = request.country?.trim();
    if (!country) throw countryNotSelected();
    const method = request.paymentMethod;
    const provider = providerFor(providers, method);
    // Read before any transaction: on PGlite's single session the outer handle would wait on it.
    const types = resale ? resale.types : await deps.typesConfig();
    const ownerId = resale ? resale.request.ownerId : request.accountId;

    const placeOrder = async (dbx: DbOrTx) => {
      const { payer, plan } = resale
        ? await readForResale(dbx, resale.request)
        : await repo.payerAndPlan(dbx, request.accountId, request.planId, { lock: method === 'stripe' });
      assertMayPay(payer, method);
      if (!plan) throw notFound('No such plan');
      assertOnSale(types, plan.type);
      const pricing = priced(() => pricedPlanOf(plan));
      // What is accepted is decided by quotePurchase, the same call the quote makes; checked before
      // the coupon so a refused amount is named first, as the quote names it. The coupon then comes
      // off the subtotal exactly as the quote takes it off.
      const catalogue = priced(() => quotePurchase(pricing, { units: request.value, days: request.days }));
      // A resale keeps the plan's rules on amounts and days but charges the reseller's own price.
      const resold = resale
        ? await resale.request.price({
            planType: plan.type,
            unit: pricing.unit,
            units: catalogue.units,
            days: catalogue.days,
            catalogueCents: catalogue.subtotalCents,
          })
        : undefined;
      const base = resold
        ? { ...catalogue, subtotalCents: resold.totalCents, totalCents: resold.totalCents, lines: resold.lines }
        : catalogue;

      const coupon = request.coupon
        ? await coupons.check(dbx, {
            code: request.coupon,
            accountId: request.accountId,
            planType: plan.type,
            processor: method,
          })
        : null;
      const discountPercent = coupon?.discountPercent ?? 0;
      const discountCents = priced(() => discountOf(base.subtotalCents, discountPercent));
      const q = { ...base, discountPercent, discountCents, totalCents: base.subtotalCents - discountCents };
      // Nothing to pay (a free trial, a 100 % coupon) needs no provider.
      const paidNow = method === 'balance' || q.totalCents === 0;
      if (method === 'stripe' && !paidNow) {
        await assertWithinCardLimit(dbx, payer, q.totalCents);
      }

      const subscriptionId = randomUUID();
      const invoice = {
        id: randomUUID(),
        totalCents: q.totalCents,
        description: `${plan.title} — ${pricing.unit === 'package' ? 'package' : `${q.units} ${pricing.unit}`}, ${q.days} days${resold ? ', reseller price' : ''}`,
      };
      const debit = paidNow && q.totalCents > 0;
      const record = resale?.request.record();
      const written = await orderStatement(
        Boolean(coupon),
        debit,
        paidNow,
        record,
      )<{ balance_after_cents?: string | number; recorded?: unknown }>(dbx, {
        ...subscriptions.createStep.values(
          {
            id: subscriptionId,
            accountId: ownerId,
            planId: plan.id,
            planTitle: plan.title,
            planType: plan.type,
            country,
            bandwidthGb: pricing.unit === 'GB' ? q.units : plan.bandwidthGb,
            threads: pricing.unit === 'threads' ? q.units : plan.threads,
            days: q.days,
            whitelistLimit: resold?.whitelistLimit ?? null,
          },
          { active: paidNow },
        ),
        ...repo.insertInvoiceStep.values({
          ...invoice,
          accountId: request.accountId,
          kind: 'purchase',
          subscriptionId,
          planId: plan.id,
          planTitle: plan.title,
          planType: plan.type,
          units: q.units,
          unit: pricing.unit,
          days: q.days,
          country,
          subtotalCents: q.subtotalCents,
          discountCents: q.discountCents,
          couponId: coupon?.couponId ?? null,
          couponCode: coupon?.code ?? null,
          lines: q.lines,
          paymentMethod: method,
          status: paidNow ? 'paid' : 'pending',
          paidAt: paidNow ? new Date() : null,
        }),
        ...(coupon ? coupons.useValues(coupon.couponId, request.accountId) : {}),
        ...(debit
          ? ledger.debitSteps.values({
              accountId: request.accountId,
              amountCents: q.totalCents,
              kind: 'purchase',
              reference: invoice.id,
            })
          : {}),
        ...(paidNow
          ? noticeOutbox.step.values({
              accountId: request.accountId,
              kind: 'receipt',
              eventKey: receiptKey(invoice.id),
              subjectId: invoice.id,
            })
          : {}),
        ...(record
          ? {
              ...record.values({
                subscriptionId,
                invoiceId: invoice.id,
                totalCents: q.totalCents,
              }),
              ...(debit ? {} : { 'order.balanceCents': payer.balanceCents }),
            }
          : {}),
      });
      const payment =
        paidNow || !provider
          ? null
          : await repo.insertPayment(dbx, {
              accountId: request.accountId,
              invoiceId: invoice.id,
              purpose: 'purchase',
              method: method as 'stripe' | 'crypto',
              provider: provider.name,
              amountCents: q.totalCents,
            });
      return {
        subscriptionId,
        invoice,
        payment,
        balanceCents: debit ? Number(written?.balance_after_cents) : payer.balanceCents,
        email: payer.email,
        recorded: written?.recorded,
      };
    };
    // A balance order is one statement and needs no transaction; a provider's adds its payment row.
    // A resale is a balance order too: its read and its one statement, which also writes what the
    // reseller keeps of it.
    const order = resale
      ? await placeOrder(resale.db)
      : method === 'balance'
        ? await placeOrder(db)
        : await db.transaction(placeOrder);

    const base = {
      subscriptionId: order.subscriptionId,
      invoiceId: order.invoice.id,
      total: toDollars(order.invoice.totalCents),
      balance: toDollars(order.balanceCents),
    };
    if (resale) return { ...base, status: 'paid', recorded: order.recorded };
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
  }

  /** The payer and the plan with the reseller's own facts, which it sees before anything is checked. */
  async function readForResale(db: DbOrTx, request: ResaleRequest) {
    const read = await repo.payerPlanAndFacts(db, request.payerId, request.planId, request.read);
    request.read.seen(read.facts);
    return read;
  }

  /** A reseller's order (ADR 021, 043), paid from its balance: the resale read, then one statement. */
  async function resell(
    db: DbOrTx,
    types: TypesConfig,
    request: ResaleRequest,
  ): Promise<PurchaseResult & { recorded?: unknown }> {
    const input: PurchaseRequest = {
      accountId: request.payerId,
      planId: request.planId,
      value: request.value,
      days: request.days,
      country: request.country,
      paymentMethod: 'balance',
    };
    // Balance orders open no checkout, so no return addresses are needed.
    const noUrls = {} as Urls;
    return purchase(input, noUrls, { request, db, types });
  }

  return Object.assign((request: PurchaseRequest, urls: Urls) => purchase(request, urls), { resell });
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
