import { ALREADY_REFUNDED, ONLY_PAID_REFUNDS, type RefundMode } from '@tollgate/contract/checkout/refunds';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { audit } from '#platform/billing/audit-log.ts';
import { ledger } from '#platform/billing/ledger.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { invoices } from './checkout.schema';
import { toInvoice } from './invoice-view';
import { moneyBackRepository } from './money-back.repository';

/** What a refund takes back elsewhere (the referral reward it earned), handed in by app.ts. */
export type OnRefund = (tx: DbOrTx, invoiceId: string, reason: string) => Promise<unknown>;

/**
 * Refunds a paid purchase or renewal once (ADR 032). The conditional update that records it is
 * the only gate: a second refund, or two at once, finds it recorded and changes nothing. `balance`
 * credits the customer through the ledger in the same transaction; `external` records a refund made
 * at the provider or a charge-back. Either way the invoice's referral reward is taken back with it.
 */
export function createRefundService({ db, onRefund }: { db: Db; onRefund: OnRefund }) {
  return async function refund(actorId: string, invoiceId: string, body: { mode: RefundMode; reason: string }) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (!before) throw notFound('No such invoice');
      if (before.status !== 'paid' || before.kind === 'deposit') throw badRequest(ONLY_PAID_REFUNDS);
      const [after] = await tx
        .update(invoices)
        .set({ refundedAt: sql`now()`, refundMode: body.mode, refundReason: body.reason })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'paid'), isNull(invoices.refundedAt)))
        .returning();
      if (!after) throw badRequest(ALREADY_REFUNDED);
      if (body.mode === 'balance' && after.totalCents > 0) {
        await ledger.credit(tx, {
          accountId: after.accountId,
          amountCents: after.totalCents,
          kind: 'refund',
          reference: after.id,
          reason: body.reason,
          actorId,
        });
      }
      if (body.mode === 'external' && after.totalCents > 0) {
        // Money that left outside the balance, counted by statistics beside the provider's own (ADR 039).
        await moneyBackRepository.insert(tx, {
          provider: 'staff',
          externalId: after.id,
          cause: 'refund',
          state: 'succeeded',
          invoiceId: after.id,
          accountId: after.accountId,
          amountCents: after.totalCents,
          refundedInvoice: true,
          reason: body.reason,
        });
      }
      await onRefund(tx, after.id, `Refund of ${after.number}: ${body.reason}`);
      await audit(tx, {
        actorId,
        action: 'invoice.refund',
        targetType: 'invoice',
        targetId: after.id,
        targetAccountId: after.accountId,
        before: { refundedAt: null },
        after: { refundedAt: after.refundedAt, refundMode: body.mode, total: after.totalCents / 100 },
        reason: body.reason,
      });
      const [owner] = await tx
        .select({ id: accounts.id, username: accounts.username, email: accounts.email })
        .from(accounts)
        .where(eq(accounts.id, after.accountId));
      return { ...toInvoice(after), account: owner! };
    });
  };
}
