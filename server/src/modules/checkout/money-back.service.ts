import { toDollars } from '@tollgate/contract/http/money';
import { ledger } from '#platform/billing/ledger.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import type { MoneyBack } from '#platform/payments/provider.ts';
import { moneyBackRepository as repo } from './money-back.repository';
import type { OnRefund } from './refund.service';

/** What a won dispute gives back elsewhere (the referral reward it had taken), handed in by app.ts. */
export type OnReinstate = (tx: DbOrTx, invoiceId: string, reason: string) => Promise<unknown>;
export type MoneyBackOutcome = 'recorded' | 'unchanged';

const describeReturn = (item: MoneyBack, provider: string) =>
  item.cause === 'dispute'
    ? `Card dispute ${item.id} at ${provider}${item.reason ? ` (${item.reason})` : ''}`
    : `Refund ${item.id} made at ${provider}${item.reason ? ` (${item.reason})` : ''}`;

/**
 * Refunds made at the provider and card disputes (ADR 039), applied from their signed callbacks.
 * Each is recorded once by its provider id (a unique row), under the invoice's row lock so partial
 * refunds of one invoice add up in turn. Once what went back covers the invoice, the invoice is
 * refunded (`external`) and its rewards are taken back, as a staff refund does; a won dispute gives
 * the sale back and restores the referral reward. A top-up's money back takes the balance it bought
 * back, as far as the balance covers it (never below zero; the rest is recorded as shortfall).
 */
export function createMoneyBackService(deps: { db: Db; onRefund: OnRefund; onReinstate: OnReinstate }) {
  async function apply(tx: DbOrTx, provider: string, item: MoneyBack): Promise<MoneyBackOutcome> {
    const payment = await repo.paidPayment(tx, provider, item.paymentRefs);
    if (!payment) return 'unchanged';
    const invoice = await repo.lockInvoice(tx, payment.invoiceId);
    if (!invoice) return 'unchanged';
    const amountCents = Math.min(item.amountCents ?? payment.amountCents, payment.amountCents);
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 'unchanged';
    const reason = `${describeReturn(item, provider)}: ${invoice.number}, $${toDollars(amountCents).toFixed(2)}`;
    const key = { provider, externalId: item.id };
    const base = {
      ...key,
      cause: item.cause,
      paymentId: payment.id,
      invoiceId: invoice.id,
      accountId: invoice.accountId,
    };

    if (item.state === 'won') {
      // Never seen open: nothing was taken, so it is recorded as withdrawn and reinstated at once.
      if (await repo.insert(tx, { ...base, state: 'won', amountCents, reason, reinstatedAt: new Date() }))
        return 'recorded';
      const won = await repo.move(tx, key, ['open'], 'won');
      if (!won) return 'unchanged';
      if (invoice.kind === 'deposit') {
        // The top-up's money came home: what was taken from the balance goes back, nothing is owed.
        if (won.recoveredCents > 0)
          await ledger.credit(tx, {
            accountId: invoice.accountId,
            amountCents: won.recoveredCents,
            kind: 'deposit',
            reference: won.id,
            reason: `${reason}: won`,
          });
        await repo.setTakenBack(tx, won.id, { recoveredCents: 0, shortfallCents: 0 });
        return 'recorded';
      }
      if (won.refundedInvoice && (await repo.returnedCents(tx, invoice.id)) < invoice.totalCents) {
        if (await repo.unrefundInvoice(tx, invoice.id)) await deps.onReinstate(tx, invoice.id, `${reason}: won`);
      }
      return 'recorded';
    }

    const row = await repo.insert(tx, { ...base, state: item.state, amountCents, reason });
    if (!row) {
      // A lost dispute was taken back when it opened: only its state moves.
      if (item.state === 'lost') return (await repo.move(tx, key, ['open'], 'lost')) ? 'recorded' : 'unchanged';
      return 'unchanged';
    }
    if (invoice.kind === 'deposit') {
      const recovered = Math.min(await repo.lockBalance(tx, invoice.accountId), amountCents);
      if (recovered > 0)
        await ledger.debit(tx, {
          accountId: invoice.accountId,
          amountCents: recovered,
          kind: 'deposit_reversal',
          reference: row.id,
          reason,
        });
      await repo.setTakenBack(tx, row.id, { recoveredCents: recovered, shortfallCents: amountCents - recovered });
      return 'recorded';
    }
    if ((await repo.returnedCents(tx, invoice.id)) < invoice.totalCents) return 'recorded';
    if (!(await repo.refundInvoice(tx, invoice.id, reason))) return 'recorded';
    await repo.markRefundedInvoice(tx, row.id);
    await deps.onRefund(tx, invoice.id, reason);
    return 'recorded';
  }

  return async function recordMoneyBack(provider: string, items: MoneyBack[]): Promise<MoneyBackOutcome> {
    let outcome: MoneyBackOutcome = 'unchanged';
    for (const item of items) {
      if ((await deps.db.transaction((tx) => apply(tx, provider, item))) === 'recorded') outcome = 'recorded';
    }
    return outcome;
  };
}
export type RecordMoneyBack = ReturnType<typeof createMoneyBackService>;
