import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { ledger } from '#platform/billing/ledger.ts';
import type { MoreWrites, OrderDraft, OrderSteps, OrderWrites } from '#platform/billing/order-steps.ts';
import { discountOf, pricedPlanOf, quotePurchase } from '#platform/billing/pricing.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { preparedWrite } from '#platform/db/write-together.ts';
import { notFound } from '#platform/http/errors.ts';
import { noticeOutbox, receiptKey } from '#platform/notices/notice-outbox.ts';
import { assertOnSale } from '#platform/products/types-config.ts';
import type { CheckoutDeps } from './checkout.deps';
import { assertMayPay, countryNotSelected, priced } from './checkout-errors';
import { checkoutRepository as repo } from './checkout.repository';

/** With nothing to debit, the balance an order leaves is the payer's as read, bound per order. */
const BALANCE_AS_READ = sql<string>`${sql.placeholder('order.balanceCents')}::bigint`;

/**
 * The steps of placing an order (ADR 057), each with a typed result: read, quote at the catalogue
 * price, draft at the price sold, write. The purchase composes them with a coupon and a provider's
 * payment (purchase.service.ts); the reseller API with its terms, prepaid GB and idempotency record
 * (wired in app.ts). The order itself is one statement, so it lands whole or not at all: a balance
 * or a coupon that ran out in the meantime refuses all of it.
 */
export function createOrderSteps(deps: Pick<CheckoutDeps, 'coupons' | 'subscriptions'>): OrderSteps {
  const { coupons, subscriptions } = deps;

  // One statement per kind of order (with or without a coupon, a debit, a receipt, another module's
  // writes), each built once and prepared: a balance purchase costs two round trips, the read and
  // this write. An order paid now carries its receipt's notice as one more step (ADR 019).
  const statements = new Map<string, ReturnType<typeof preparedWrite>>();
  const orderStatement = (writes: OrderWrites, balanceLeft: SQL, more?: MoreWrites<Record<string, unknown>>) => {
    const name = `place_order${writes.coupon ? '_coupon' : ''}${writes.debit ? '_debit' : ''}${writes.receipt ? '_paid' : ''}${more ? `_${more.name}` : ''}`;
    let statement = statements.get(name);
    if (!statement) {
      const columns = [
        ...(writes.debit ? [sql`${balanceLeft} as balance_after_cents`] : []),
        ...Object.entries(more?.result ?? {}).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
      ];
      statement = preparedWrite(name, (dbx) => ({
        steps: [
          subscriptions.createStep.build(dbx),
          repo.insertInvoiceStep.build(dbx),
          ...(writes.coupon ? coupons.useSteps(dbx) : []),
          ...(writes.debit ? ledger.debitSteps.build() : []),
          ...(writes.receipt ? [noticeOutbox.step.build()] : []),
          ...(more?.steps ?? []),
        ],
        ...(columns.length ? { result: sql`select ${sql.join(columns, sql`, `)}` } : {}),
      }));
      statements.set(name, statement);
    }
    return statement;
  };

  return {
    country(country) {
      const chosen = country?.trim();
      if (!chosen) throw countryNotSelected();
      return chosen;
    },

    async read(db, order) {
      return { ...(await repo.payerAndPlan(db, order.payerId, order.planId, { lock: order.lock })), facts: null };
    },

    readWith: (db, order, facts) => repo.payerPlanAndFacts(db, order.payerId, order.planId, facts),

    quote(read, order) {
      const { payer, plan } = read;
      assertMayPay(payer, order.method);
      if (!plan) throw notFound('No such plan');
      assertOnSale(order.types, plan.type);
      const pricing = priced(() => pricedPlanOf(plan));
      // What is accepted is decided by quotePurchase, the same call the quote makes; checked before
      // the coupon so a refused amount is named first, as the quote names it.
      const quote = priced(() => quotePurchase(pricing, { units: order.units, days: order.days }));
      return { payer, plan, unit: pricing.unit, quote };
    },

    draft({ payer, plan, unit, quote }, sale) {
      const { coupon, resalePrice } = sale;
      // A resale keeps the plan's rules on amounts and days but charges the reseller's own price.
      const base = resalePrice ? { ...quote, subtotalCents: resalePrice.totalCents, lines: resalePrice.lines } : quote;
      // The coupon comes off the subtotal exactly as the quote takes it off.
      const discountPercent = coupon?.discountPercent ?? 0;
      const discountCents = priced(() => discountOf(base.subtotalCents, discountPercent));
      const q = { ...base, discountPercent, discountCents, totalCents: base.subtotalCents - discountCents };
      // Nothing to pay (a free trial, a 100 % coupon, prepaid GB) needs no provider.
      const paidNow = sale.method === 'balance' || q.totalCents === 0;
      const writes = { coupon: Boolean(coupon), debit: paidNow && q.totalCents > 0, receipt: paidNow };

      const subscriptionId = randomUUID();
      const invoice = {
        id: randomUUID(),
        totalCents: q.totalCents,
        description: `${plan.title} — ${unit === 'package' ? 'package' : `${q.units} ${unit}`}, ${q.days} days${resalePrice ? ', reseller price' : ''}`,
      };
      const values = {
        ...subscriptions.createStep.values(
          {
            id: subscriptionId,
            accountId: sale.ownerId,
            planId: plan.id,
            planTitle: plan.title,
            planType: plan.type,
            country: sale.country,
            bandwidthGb: unit === 'GB' ? q.units : plan.bandwidthGb,
            threads: unit === 'threads' ? q.units : plan.threads,
            days: q.days,
            whitelistLimit: resalePrice?.whitelistLimit ?? null,
          },
          { active: paidNow },
        ),
        ...repo.insertInvoiceStep.values({
          ...invoice,
          accountId: payer.id,
          kind: 'purchase',
          subscriptionId,
          planId: plan.id,
          planTitle: plan.title,
          planType: plan.type,
          units: q.units,
          unit,
          days: q.days,
          country: sale.country,
          subtotalCents: q.subtotalCents,
          discountCents: q.discountCents,
          couponId: coupon?.couponId ?? null,
          couponCode: coupon?.code ?? null,
          lines: q.lines,
          paymentMethod: sale.method,
          status: paidNow ? 'paid' : 'pending',
          paidAt: paidNow ? new Date() : null,
        }),
        ...(coupon ? coupons.useValues(coupon.couponId, payer.id) : {}),
        ...(writes.debit
          ? ledger.debitSteps.values({
              accountId: payer.id,
              amountCents: q.totalCents,
              kind: 'purchase',
              reference: invoice.id,
            })
          : { 'order.balanceCents': payer.balanceCents }),
        ...(writes.receipt
          ? noticeOutbox.step.values({
              accountId: payer.id,
              kind: 'receipt',
              eventKey: receiptKey(invoice.id),
              subjectId: invoice.id,
            })
          : {}),
      };
      const balanceLeft = writes.debit ? ledger.debitSteps.balanceLeft : BALANCE_AS_READ;
      return { payer, subscriptionId, invoice, paidNow, balanceLeft, writes, values };
    },

    async write<Extra extends Record<string, unknown>>(db: DbOrTx, draft: OrderDraft, more?: MoreWrites<Extra>) {
      const statement = orderStatement(draft.writes, draft.balanceLeft, more);
      const row = await statement<{ balance_after_cents?: string | number } & Extra>(db, {
        ...draft.values,
        ...more?.values,
      });
      const { balance_after_cents: balanceAfter, ...extra } = row ?? {};
      return {
        balanceCents: draft.writes.debit ? Number(balanceAfter) : draft.payer.balanceCents,
        more: extra as Extra,
      };
    },
  };
}
