import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { coupons } from '../plans/coupons.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { invoices } from './checkout.schema';

// Meant for PostgreSQL (the server:postgres project), where requests really do run side by side.
let server: TestServer;
let staff: string;
beforeAll(async () => {
  server = await createTestServer();
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

describe('money under concurrent requests', () => {
  it('100 parallel purchases against a balance that covers 10: exactly 10 succeed, nothing lost', async () => {
    const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 5 }]) });
    const buyer = await server.buildAccount();
    const token = await server.tokenFor(buyer);
    await fund(server, staff, buyer.id, 50);

    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
          token,
          body: { value: 1, country: 'US', paymentMethod: 'balance' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(
      answers
        .filter((a) => a.status === 400)
        .every((a) => a.body.message === 'Your balance is too low for this payment'),
    ).toBe(true);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(90);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const db = server.database.db;
    expect(await db.select().from(subscriptions).where(eq(subscriptions.accountId, buyer.id))).toHaveLength(10);
    expect(await db.select().from(invoices).where(eq(invoices.accountId, buyer.id))).toHaveLength(10);
  });

  it('50 parallel purchases with a 5-use coupon: exactly 5 get the discount, the rest are told why', async () => {
    const plan = await buildPlan(server);
    const code = `RUSH-${Date.now()}`;
    await server.database.db.insert(coupons).values({ code, usagesLeft: 5, discountBasisPoints: 5000 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => server.buildAccount()));
    await Promise.all(buyers.map((b) => fund(server, staff, b.id, 10)));
    const answers = await Promise.all(
      buyers.map(async (b) =>
        server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
          token: await server.tokenFor(b),
          body: { value: 1, country: 'US', paymentMethod: 'balance', coupon: code },
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(5);
    expect(ok.every((a) => a.body.payload.total === 2)).toBe(true);
    expect(answers.filter((a) => a.body.message === 'This coupon has been used up')).toHaveLength(45);
    const [coupon] = await server.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon).toMatchObject({ usagesLeft: 0, timesUsed: 5 });
    // Refused buyers kept every cent.
    const balances = await Promise.all(buyers.map((b) => moneyOf(server, b.id)));
    expect(balances.filter((m) => m.balanceCents === 1000)).toHaveLength(45);
    expect(balances.every((m) => m.balanceCents === m.ledgerCents)).toBe(true);
    // And nothing of their orders was written.
    const db = server.database.db;
    const buyerIds = buyers.map((b) => b.id);
    expect(await db.select().from(invoices).where(inArray(invoices.accountId, buyerIds))).toHaveLength(5);
    expect(await db.select().from(subscriptions).where(inArray(subscriptions.accountId, buyerIds))).toHaveLength(5);
  });

  it('20 parallel purchases by one customer with a per-customer limit of 1: the coupon is used once', async () => {
    const plan = await buildPlan(server);
    const code = `ONCE-${Date.now()}`;
    const created = await server.request('POST', '/api/v1/admin/coupons', {
      token: staff,
      body: { code, usages: 100, discount: 50 },
    });
    expect(created.body.payload).toMatchObject({ perCustomerLimit: 1 });
    const buyer = await server.buildAccount();
    const token = await server.tokenFor(buyer);
    await fund(server, staff, buyer.id, 100);
    const quote = () =>
      server.request('GET', `/api/v1/public/plans/${plan.id}/1?coupon=${code}&paymentMethod=balance`, { token });
    expect((await quote()).status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
          token,
          body: { value: 1, country: 'US', paymentMethod: 'balance', coupon: code },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 400).map((a) => a.body.message);
    expect(refused).toEqual(Array(19).fill('You have already used this coupon as often as it allows'));
    const [coupon] = await server.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon).toMatchObject({ usagesLeft: 99, timesUsed: 1 });
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 9800, ledgerCents: 9800 });
    // The quote prices it as the order would: no longer usable by this customer, still by another.
    expect((await quote()).body.message).toBe('You have already used this coupon as often as it allows');
    const other = await server.buildAccount();
    const theirs = await server.request('GET', `/api/v1/public/plans/${plan.id}/1?coupon=${code}`, {
      token: await server.tokenFor(other),
    });
    expect(theirs.status).toBe(200);
  });
});
