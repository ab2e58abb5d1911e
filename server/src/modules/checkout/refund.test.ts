import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, ledgerEntries } from '#platform/db/schema.ts';
import { fund, moneyOf } from '#test/commerce.ts';
import { buy, tenDollarPlan } from '#test/growth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { invoices, paymentReturns } from './checkout.schema';

let server: TestServer;
let admin: string;
let planId: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  planId = (await tenDollarPlan(server)).id;
});
afterAll(() => server.close());

async function customer() {
  const account = await server.buildAccount();
  return { ...account, token: await server.tokenFor(account) };
}
const refund = (invoiceId: string, body: unknown, token = admin) =>
  server.request('POST', `/api/v1/admin/invoices/${invoiceId}/refund`, { token, body });
const spentOf = async (id: string) =>
  (await server.database.db.select({ spent: accounts.spentCents }).from(accounts).where(eq(accounts.id, id)))[0]!.spent;

describe('refunding a paid invoice', () => {
  it('to the balance: credited once through the ledger, the invoice stays paid with the refund beside it', async () => {
    const c = await customer();
    const { invoiceId } = await buy(server, admin, c, planId, 3);
    expect(await spentOf(c.id)).toBe(3000);
    const res = await refund(invoiceId, { mode: 'balance', reason: 'Did not work for them' });
    expect(res.body).toMatchObject({
      status: 200,
      message: 'Invoice refunded',
      payload: { id: invoiceId, status: 'paid', refundMode: 'balance', account: { id: c.id } },
    });
    expect(res.body.payload.refundedAt).not.toBeNull();
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 3000, ledgerCents: 3000 });
    expect(await spentOf(c.id)).toBe(0);
    const entries = await server.database.db
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, invoiceId));
    expect(entries).toEqual([
      { kind: 'purchase', cents: -3000 },
      { kind: 'refund', cents: 3000 },
    ]);
    const [audited] = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, invoiceId));
    expect(audited).toMatchObject({ action: 'invoice.refund', reason: 'Did not work for them', targetAccountId: c.id });

    const again = await refund(invoiceId, { mode: 'balance', reason: 'Twice?' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This invoice has already been refunded');
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 3000, ledgerCents: 3000 });
  });

  it('external (at the provider, or a charge-back): recorded, no balance moves', async () => {
    const c = await customer();
    const { invoiceId } = await buy(server, admin, c, planId, 2);
    const res = await refund(invoiceId, { mode: 'external', reason: 'Charge-back from the bank' });
    expect(res.body.payload.refundMode).toBe('external');
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    expect(await spentOf(c.id)).toBe(0);
    // Money back outside the balance, for statistics (ADR 039).
    const returned = await server.database.db
      .select()
      .from(paymentReturns)
      .where(eq(paymentReturns.invoiceId, invoiceId));
    expect(returned).toMatchObject([{ provider: 'staff', cause: 'refund', amountCents: 2000, refundedInvoice: true }]);
  });

  it('refuses deposits, unpaid invoices and unknown ones, and bad input, changing nothing', async () => {
    const c = await customer();
    await fund(server, admin, c.id, 5);
    const [pending] = await server.database.db
      .insert(invoices)
      .values({
        number: `TEST-${Date.now()}`,
        accountId: c.id,
        kind: 'purchase',
        description: 'pending',
        subtotalCents: 100,
        totalCents: 100,
        paymentMethod: 'stripe',
        status: 'pending',
      })
      .returning();
    const pendingRes = await refund(pending!.id, { mode: 'balance', reason: 'nope' });
    expect(pendingRes.status).toBe(400);
    expect(pendingRes.body.message).toBe('Only a paid purchase or renewal can be refunded');
    expect((await refund(crypto.randomUUID(), { mode: 'balance', reason: 'nope' })).status).toBe(404);
    expect((await refund('not-a-uuid', { mode: 'balance', reason: 'nope' })).status).toBe(400);
    const { invoiceId } = await buy(server, admin, c, planId, 1);
    const noReason = await refund(invoiceId, { mode: 'balance', reason: ' ' });
    expect(noReason.body.payload.fields.map((f: { path: string }) => f.path)).toEqual(['body.reason']);
    expect((await refund(invoiceId, { mode: 'cash', reason: 'Gave cash' })).status).toBe(400);
    expect((await refund(invoiceId, { mode: 'balance', reason: 'bad\u0000reason' })).status).toBe(400);
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 500, ledgerCents: 500 });
  });

  it('is for Administrators only', async () => {
    const c = await customer();
    const { invoiceId } = await buy(server, admin, c, planId, 1);
    const body = { mode: 'balance', reason: 'Please' };
    for (const role of ['Manager', 'Support'] as const) {
      const token = await server.tokenFor(await server.buildAccount({ role }));
      expect((await refund(invoiceId, body, token)).status).toBe(403);
    }
    expect((await refund(invoiceId, body, c.token)).status).toBe(403);
    expect((await server.request('POST', `/api/v1/admin/invoices/${invoiceId}/refund`, { body })).status).toBe(403);
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });
});
