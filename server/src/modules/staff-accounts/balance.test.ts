import { count, eq } from 'drizzle-orm';
import { NO_REASON_GIVEN } from '@tollgate/contract/admin/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, ledgerEntries } from '#platform/db/schema.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

let server: TestServer;
let manager: TestAccount;
let managerToken: string;
beforeAll(async () => {
  server = await createTestServer();
  manager = await server.buildAccount({ role: 'Manager' });
  managerToken = await server.tokenFor(manager);
});
afterAll(() => server.close());

const adjust = (userId: string, body: unknown, token = managerToken) =>
  server.request('PATCH', `/api/v1/admin/accounts/${userId}/balance`, { token, body });

async function ledgerOf(accountId: string) {
  const rows = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
  const [account] = await server.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  return { rows, balanceCents: account!.balanceCents, sum: rows.reduce((s, r) => s + r.amountCents, 0) };
}

describe('staff balance adjustments', () => {
  it('adds and subtracts with a reason, writing the ledger and the audit log', async () => {
    const customer = await server.buildAccount();
    const added = await adjust(customer.id, { balanceToAddOrSub: 25.5, reason: 'Refund for ticket #42' });
    expect(added.body).toEqual({ status: 200, message: 'Balance updated', payload: { balance: 25.5, change: 25.5 } });
    const taken = await adjust(customer.id, { balanceToAddOrSub: -5.25, reason: 'Chargeback fee' });
    expect(taken.body.payload).toEqual({ balance: 20.25, change: -5.25 });

    const { rows, balanceCents, sum } = await ledgerOf(customer.id);
    expect(balanceCents).toBe(2025);
    expect(sum).toBe(balanceCents);
    expect(rows.map((r) => [r.amountCents, r.balanceAfterCents, r.kind, r.actorId])).toEqual([
      [2550, 2550, 'staff_adjustment', manager.id],
      [-525, 2025, 'staff_adjustment', manager.id],
    ]);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(audits.map((a) => [a.action, a.before, a.after, a.reason])).toEqual([
      ['account.balance.adjust', { balanceCents: 0 }, { balanceCents: 2550 }, 'Refund for ticket #42'],
      ['account.balance.adjust', { balanceCents: 2550 }, { balanceCents: 2025 }, 'Chargeback fee'],
    ]);
    expect(
      (await server.request('GET', '/api/v1/auth/me', { token: await server.tokenFor(customer) })).body.payload.balance,
    ).toBe(20.25);
  });

  it('refuses to go below zero and writes nothing', async () => {
    const customer = await server.buildAccount();
    await adjust(customer.id, { balanceToAddOrSub: 3, reason: 'Goodwill credit' });
    const res = await adjust(customer.id, { balanceToAddOrSub: -3.01, reason: 'Too much' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This would take the balance below zero');
    const { rows, balanceCents } = await ledgerOf(customer.id);
    expect(balanceCents).toBe(300);
    expect(rows).toHaveLength(1);
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.reason, 'Too much'))).toHaveLength(0);
  });

  it('takes the spec call without a reason and records that none was given', async () => {
    const customer = await server.buildAccount();
    const res = await adjust(customer.id, { balanceToAddOrSub: 5 });
    expect(res.status).toBe(200);
    expect(res.body.payload.balance).toBe(5);
    const [row] = await server.database.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.targetId, customer.id));
    expect(row!.reason).toBe(NO_REASON_GIVEN);
  });

  it('refuses a too short reason, zero, more than two decimals and unknown accounts', async () => {
    const customer = await server.buildAccount();
    const cases = await Promise.all([
      adjust(customer.id, { balanceToAddOrSub: 5, reason: 'ab' }),
      adjust(customer.id, { balanceToAddOrSub: 0, reason: 'nothing' }),
      adjust(customer.id, { balanceToAddOrSub: 1.005, reason: 'fractions' }),
      adjust(customer.id, { balanceToAddOrSub: '5', reason: 'a string' }),
    ]);
    expect(cases.map((c) => c.body.message)).toEqual(Array(4).fill('Validation Error'));
    expect(cases[0]!.body.payload.fields).toEqual([{ path: 'body.reason', message: 'Say why the balance changes' }]);
    expect(cases[2]!.body.payload.fields[0].message).toBe('Use at most two decimals');
    const unknown = await adjust('00000000-0000-4000-8000-000000000000', { balanceToAddOrSub: 1, reason: 'ghost' });
    expect(unknown.status).toBe(404);
    expect((await ledgerOf(customer.id)).rows).toHaveLength(0);
  });

  it('never loses or doubles money under 50 parallel debits against a balance that covers 10', async () => {
    const customer = await server.buildAccount();
    await adjust(customer.id, { balanceToAddOrSub: 10, reason: 'Opening balance' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        adjust(customer.id, { balanceToAddOrSub: -1, reason: `Parallel debit ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    const { rows, balanceCents, sum } = await ledgerOf(customer.id);
    expect(balanceCents).toBe(0);
    expect(sum).toBe(0);
    expect(rows).toHaveLength(11);
    const audits = await server.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.targetId, customer.id));
    expect(audits[0]!.n).toBe(11);
  });
});
