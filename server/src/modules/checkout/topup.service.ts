import type { TopupBody } from '@tollgate/contract/checkout/topup';
import { toCents } from '@tollgate/contract/http/money';
import type { CheckoutDeps } from './checkout.deps';
import { assertMayPay } from './checkout-errors';
import { assertWithinCardLimit, providerFor } from './payment-guards';
import { checkoutRepository as repo } from './checkout.repository';
import { openCheckout, type Urls } from './open-checkout';

/** Depositing balance by card or crypto: an invoice and a payment now, the credit when it settles. */
export function createTopupService(deps: CheckoutDeps) {
  const { db, providers } = deps;

  return async function topup(
    accountId: string,
    body: { balance: number; paymentMethod: TopupBody['paymentMethod'] },
    urls: Urls,
  ) {
    const method = body.paymentMethod;
    const provider = providerFor(providers, method)!;
    const amountCents = toCents(body.balance);

    const { payment, invoice, email } = await db.transaction(async (tx) => {
      const payer = await repo.payer(tx, accountId, { lock: method === 'stripe' });
      assertMayPay(payer, method);
      if (method === 'stripe') {
        await assertWithinCardLimit(tx, payer, amountCents);
      }
      const invoice = await repo.insertInvoice(tx, {
        accountId,
        kind: 'deposit',
        description: `Balance deposit of $${(amountCents / 100).toFixed(2)}`,
        subtotalCents: amountCents,
        totalCents: amountCents,
        paymentMethod: method,
        status: 'pending',
      });
      const payment = await repo.insertPayment(tx, {
        accountId,
        invoiceId: invoice.id,
        purpose: 'deposit',
        method,
        provider: provider.name,
        amountCents,
      });
      return { payment, invoice, email: payer.email };
    });

    const url = await openCheckout(deps, provider, {
      payment,
      description: invoice.description,
      customerEmail: email,
      successUrl: urls.topupReturn(payment.id),
      cancelUrl: urls.topupReturn(payment.id),
      callbackUrl: urls.callback(provider.name),
    });
    return { paymentId: payment.id, ...(method === 'stripe' ? { checkoutUrl: url } : { invoiceLink: url }) };
  };
}
