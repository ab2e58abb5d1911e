import { ledger } from '#platform/billing/ledger.ts';
import { noticeOutbox, receiptKey } from '#platform/notices/notice-outbox.ts';
import type { CallbackStatus } from '#platform/payments/provider.ts';
import type { CheckoutDeps } from './checkout.deps';
import type { InvoiceRow, PaymentProviderName } from './checkout.schema';
import { checkoutRepository as repo } from './checkout.repository';

/** What a renewal invoice bought, as the subscription applies it. */
export function renewalChange(invoice: Pick<InvoiceRow, 'days' | 'unit' | 'units' | 'updatingType'>) {
  return {
    days: invoice.days ?? 0,
    addBandwidthGb: invoice.unit === 'GB' ? (invoice.units ?? 0) : 0,
    threads: invoice.unit === 'threads' && invoice.updatingType === 'renew' ? invoice.units : null,
  };
}

type Outcome = Exclude<CallbackStatus, 'pending'>;
type PaymentRef = { provider: PaymentProviderName; externalId: string } | { id: string };

/**
 * Applies a provider's verdict to a payment, exactly once (ADR 006). Paid: a deposit credits the
 * balance from our own amount, a purchase starts its subscription, and either leaves its receipt's
 * notice. Anything else: the invoice is
 * closed, the pending subscription cancelled and the coupon use given back.
 */
export function createSettlementService({
  db,
  coupons,
  subscriptions,
}: Pick<CheckoutDeps, 'db' | 'coupons' | 'subscriptions'>) {
  return async function settle(ref: PaymentRef, outcome: Outcome): Promise<'settled' | 'unchanged'> {
    return db.transaction(async (tx) => {
      const payment = await repo.settle(tx, ref, outcome);
      if (!payment) return 'unchanged';
      const invoice = await repo.setInvoiceStatus(
        tx,
        payment.invoiceId,
        outcome === 'paid' ? 'paid' : outcome === 'failed' ? 'failed' : 'cancelled',
      );
      if (!invoice) return 'settled';
      if (outcome === 'paid') {
        if (payment.purpose === 'deposit') {
          await ledger.credit(tx, {
            accountId: payment.accountId,
            amountCents: payment.amountCents,
            kind: 'deposit',
            reference: payment.id,
          });
        } else if (invoice.subscriptionId && invoice.kind === 'renewal') {
          await subscriptions.applyRenewal(tx, invoice.subscriptionId, renewalChange(invoice));
        } else if (invoice.subscriptionId) {
          await subscriptions.activate(tx, invoice.subscriptionId);
        }
        // The receipt commits with the payment; a repeated callback settles nothing and adds none.
        await noticeOutbox.add(tx, {
          accountId: invoice.accountId,
          kind: 'receipt',
          eventKey: receiptKey(invoice.id),
          subjectId: invoice.id,
        });
      } else {
        if (invoice.subscriptionId && invoice.kind === 'purchase')
          await subscriptions.cancelPending(tx, invoice.subscriptionId);
        if (invoice.couponId) await coupons.giveBack(tx, invoice.couponId, invoice.accountId);
      }
      return 'settled';
    });
  };
}
export type Settle = ReturnType<typeof createSettlementService>;
