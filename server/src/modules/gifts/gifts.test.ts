import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries } from '#platform/db/schema.ts';
import { buildPlan, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { giftCodes } from './gifts.schema';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

async function customer() {
  const account = await server.buildAccount();
  return { ...account, token: await server.tokenFor(account) };
}
const create = (body: Record<string, unknown>, token = admin) =>
  server.request('POST', '/api/v1/admin/gifts', { token, body });
const redeem = (token: string, code: string) =>
  server.request('POST', '/api/v1/public/gifts/redeem', { token, body: { code } });

describe('gift codes', () => {
  it('creates a balance code; a customer redeems it once, credited through the ledger with its cause', async () => {
    const made = await create({ code: 'welcome-2026', kind: 'balance', amount: 12.5, quantity: 5, note: 'Launch' });
    expect(made.body).toMatchObject({
      status: 200,
      message: 'Gift code created',
      payload: {
        code: 'WELCOME-2026',
        kind: 'balance',
        amount: 12.5,
        quantity: 5,
        redeemed: 0,
        perAccountLimit: 1,
        status: 'active',
      },
    });
    const c = await customer();
    const res = await redeem(c.token, '  welcome-2026 ');
    expect(res.body).toMatchObject({
      status: 200,
      message: 'Gift code redeemed',
      payload: { kind: 'balance', amount: 12.5, balance: 12.5, subscriptionId: null },
    });
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 1250, ledgerCents: 1250 });
    const [entry] = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, c.id));
    expect(entry).toMatchObject({ kind: 'gift', reason: 'Gift code WELCOME-2026' });

    const second = await redeem(c.token, 'WELCOME-2026');
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('You have already redeemed this gift code');
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 1250, ledgerCents: 1250 });

    const list = await server.request('GET', '/api/v1/admin/gifts?search=welcome', { token: admin });
    expect(list.body.payload.items[0]).toMatchObject({ code: 'WELCOME-2026', redeemed: 1, note: 'Launch' });
    const who = await server.request('GET', `/api/v1/admin/gifts/${made.body.payload.id}/redemptions`, {
      token: admin,
    });
    expect(who.body.payload).toMatchObject({
      total: 1,
      items: [{ account: { id: c.id, username: c.username, email: c.email }, kind: 'balance', amount: 12.5 }],
    });
  });

  it('a code of quantity 1 goes to the first customer; the next is told it is used up', async () => {
    const made = await create({ kind: 'balance', amount: 5, quantity: 1 });
    expect(made.body.payload.code).toMatch(/^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const [first, second] = [await customer(), await customer()];
    expect((await redeem(first.token, made.body.payload.code)).status).toBe(200);
    const late = await redeem(second.token, made.body.payload.code);
    expect(late.body).toMatchObject({ status: 400, message: 'This gift code has already been redeemed' });
    const list = await server.request('GET', '/api/v1/admin/gifts?status=used_up', { token: admin });
    expect(list.body.payload.items.map((g: { id: string }) => g.id)).toContain(made.body.payload.id);
  });

  it('allows an account several uses up to its per-account limit', async () => {
    const made = await create({ kind: 'balance', amount: 1, quantity: 10, perAccountLimit: 2 });
    const c = await customer();
    expect((await redeem(c.token, made.body.payload.code)).status).toBe(200);
    expect((await redeem(c.token, made.body.payload.code)).status).toBe(200);
    expect((await redeem(c.token, made.body.payload.code)).body.message).toBe(
      'You have already redeemed this gift code',
    );
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 200, ledgerCents: 200 });
  });

  it('a plan code starts the plan through the staff path: active, with the customer’s notice', async () => {
    const plan = await buildPlan(server, { title: 'Gifted GB', durationDays: 7 });
    const made = await create({ kind: 'plan', planId: plan.id, units: 3, region: 'DE', quantity: 1 });
    expect(made.body.payload).toMatchObject({
      kind: 'plan',
      amount: null,
      plan: { id: plan.id, title: 'Gifted GB' },
      units: 3,
    });
    const c = await customer();
    const res = await redeem(c.token, made.body.payload.code);
    expect(res.body.payload).toMatchObject({ kind: 'plan', amount: null, planTitle: 'Gifted GB', balance: 0 });
    const [sub] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.body.payload.subscriptionId));
    expect(sub).toMatchObject({ accountId: c.id, status: 'active', bandwidthGb: 3, country: 'DE' });
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('refuses unknown, expired and disabled codes, changing nothing', async () => {
    const c = await customer();
    expect((await redeem(c.token, 'NO-SUCH-CODE')).body).toMatchObject({
      status: 400,
      message: 'This gift code does not exist',
    });
    const expiring = await create({ kind: 'balance', amount: 1, quantity: 3 });
    await server.database.db
      .update(giftCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(giftCodes.id, expiring.body.payload.id));
    expect((await redeem(c.token, expiring.body.payload.code)).body.message).toBe('This gift code has expired');
    const stopped = await create({ kind: 'balance', amount: 1, quantity: 3 });
    const disabled = await server.request('POST', `/api/v1/admin/gifts/${stopped.body.payload.id}/disable`, {
      token: admin,
    });
    expect(disabled.body).toMatchObject({ message: 'Gift code disabled', payload: { status: 'disabled' } });
    expect((await redeem(c.token, stopped.body.payload.code)).body.message).toBe('This gift code is no longer valid');
    // A refused use leaves the account free to use the code later, were it valid.
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const audited = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, stopped.body.payload.id));
    expect(audited.map((a) => a.action).sort()).toEqual(['gift.create', 'gift.disable']);
  });

  it('refuses bad codes and bad gift definitions with the field named', async () => {
    const c = await customer();
    for (const code of ['', 'ab', 'x'.repeat(41), 'BAD CODE!', 'A\u0000BCD'])
      expect((await redeem(c.token, code)).status).toBe(400);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'balance', quantity: 1 }, 'body.amount'],
      [{ kind: 'plan', quantity: 1 }, 'body.planId'],
      [{ kind: 'balance', amount: -5, quantity: 1 }, 'body.amount'],
      [{ kind: 'balance', amount: 1.001, quantity: 1 }, 'body.amount'],
      // Less than a cent once rounded: 0 cents would break the ledger's positive amount (was a 500).
      [{ kind: 'balance', amount: 1e-308, quantity: 1 }, 'body.amount'],
      [{ kind: 'balance', amount: 0.001, quantity: 1 }, 'body.amount'],
      [{ kind: 'balance', amount: 1, quantity: 0 }, 'body.quantity'],
      [{ kind: 'balance', amount: 1, quantity: 1e9 }, 'body.quantity'],
      [{ kind: 'balance', amount: 1, quantity: 2, perAccountLimit: 3 }, 'body.perAccountLimit'],
      [{ kind: 'balance', amount: 1, quantity: 1, expiresAt: '2001-01-01T00:00:00Z' }, 'body.expiresAt'],
      [{ kind: 'balance', amount: 1, quantity: 1, code: 'has space' }, 'body.code'],
      [{ kind: 'gems', amount: 1, quantity: 1 }, 'body.kind'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.payload.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const unknownPlan = await create({ kind: 'plan', planId: crypto.randomUUID(), quantity: 1 });
    expect(unknownPlan.body.message).toBe('Choose a plan');
    await create({ kind: 'balance', amount: 1, quantity: 1, code: 'TAKEN-CODE' });
    const taken = await create({ kind: 'balance', amount: 1, quantity: 1, code: 'taken-code' });
    expect(taken.body.message).toBe('A gift code with this code already exists');
  });

  it('is for Administrators only (the customer only redeems)', async () => {
    const c = await customer();
    const made = await create({ kind: 'balance', amount: 1, quantity: 1 });
    for (const role of ['Manager', 'Support'] as const) {
      const token = await server.tokenFor(await server.buildAccount({ role }));
      expect((await server.request('GET', '/api/v1/admin/gifts', { token })).status).toBe(403);
      expect((await create({ kind: 'balance', amount: 1, quantity: 1 }, token)).status).toBe(403);
      expect(
        (await server.request('POST', `/api/v1/admin/gifts/${made.body.payload.id}/disable`, { token })).status,
      ).toBe(403);
    }
    expect((await server.request('GET', '/api/v1/admin/gifts', { token: c.token })).status).toBe(403);
    expect((await server.request('POST', '/api/v1/public/gifts/redeem', { body: { code: 'X' } })).status).toBe(403);
    expect(
      (await server.request('POST', `/api/v1/admin/gifts/${crypto.randomUUID()}/disable`, { token: admin })).status,
    ).toBe(404);
  });
});
