import { decodePayload } from '@tollgate/contract/http/encoding';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#platform/db/schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { coupons } from '../plans/coupons.schema';
import { subscriptions } from './subscriptions.schema';

let server: TestServer;
let staff: string;
beforeAll(async () => {
  ({ server, staff } = await createStaffedServer());
  await server.database.db.insert(settings).values([
    {
      key: 'RenewResiBandwidthPrices',
      value: JSON.stringify([
        { value: 1, price: 3 },
        { value: 10, price: 2.5 },
      ]),
    },
    { key: 'ResidentialExtendByMonthPrice', value: 8 },
    { key: 'ResidentialExtendBySingleDayPrice', value: '0.5' },
    { key: 'RenewISPPrices', value: [{ value: 1, price: 2 }] },
  ]);
});
afterAll(() => server.close());

async function buyer(dollars: number) {
  const account = await server.buildAccount();
  if (dollars) await fund(server, staff, account.id, dollars);
  return { ...account, token: await server.tokenFor(account) };
}
async function bought(token: string, planId: string, value: number, extra: Record<string, unknown> = {}) {
  const res = await server.request('POST', `/api/v1/public/plans/${planId}/purchase`, {
    token,
    body: { value, country: 'US', paymentMethod: 'balance', ...extra },
  });
  expect(res.status).toBe(200);
  return res.body.payload.subscriptionId as string;
}
const renew = (token: string, id: string, body: Record<string, unknown>) =>
  server.request('PATCH', `/api/v1/public/subscriptions/${id}/renew`, {
    token,
    body: { paymentMethod: 'balance', ...body },
  });
const row = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const expire = (id: string) =>
  server.database.db
    .update(subscriptions)
    .set({ expiresAt: sql`now() - interval '1 hour'` })
    .where(eq(subscriptions.id, id));

describe('the dashboard and one subscription', () => {
  it('lists my plans with what is left, my spend and balance, encoded; never anyone else’s', async () => {
    const plan = await buildPlan(server);
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 5);
    await server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: 1.5 * 1024 ** 3 })
      .where(eq(subscriptions.id, id));

    const res = await server.request('GET', '/api/v1/public/dashboard', { token: me.token });
    expect(res.body.message).toBe('Dashboard');
    const payload = decodePayload(res.body.payload) as {
      balance: number;
      stats: Record<string, number>;
      subscriptions: Record<string, unknown>[];
    };
    expect(payload.balance).toBe(80);
    expect(payload.stats).toMatchObject({ activePlans: 1, totalSpent: 20, spentLast30Days: 20, bandwidthUsed: 1.5 });
    expect(payload.subscriptions).toEqual([
      expect.objectContaining({
        id,
        status: 'active',
        bandwidth: 5,
        bandwidthUsed: 1.5,
        bandwidthLeft: 3.5,
        depleted: false,
        minRenewDays: 1,
        maxRenewDays: 90,
      }),
    ]);

    const other = await buyer(0);
    const theirs = await server.request('GET', '/api/v1/public/dashboard', { token: other.token });
    expect((decodePayload(theirs.body.payload) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    expect((await server.request('GET', `/api/v1/public/subscriptions/${id}`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await server.request('GET', `/api/v1/public/subscriptions/${id}`, { token: me.token })).body.payload.id,
    ).toBe(id);
  });

  it('activates into the generator only while active and not used up; removes only finished plans', async () => {
    const plan = await buildPlan(server);
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 1);
    const activate = () => server.request('GET', `/api/v1/public/activate-subscription/${id}`, { token: me.token });
    expect((await activate()).body.payload).toEqual({ subscriptionId: id, active: true });
    expect((await server.request('DELETE', `/api/v1/public/residential/${id}`, { token: me.token })).body.message).toBe(
      'Only expired or used-up plans can be removed',
    );

    await server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: 1024 ** 3 })
      .where(eq(subscriptions.id, id));
    expect((await activate()).body.payload.active).toBe(false);
    await expire(id);
    expect(
      (await server.request('GET', `/api/v1/public/subscriptions/${id}`, { token: me.token })).body.payload,
    ).toMatchObject({
      status: 'expired',
      depleted: true,
    });
    const removed = await server.request('DELETE', `/api/v1/public/residential/${id}`, { token: me.token });
    expect(removed.body).toMatchObject({ status: 200, message: 'Subscription deleted' });
    expect((await activate()).status).toBe(404);
    // The invoice stays.
    const invoices = await server.request('GET', '/api/v1/public/invoices', { token: me.token });
    expect(invoices.body.payload.total).toBe(1);
  });
});

describe('auto-renew settings', () => {
  it('sets the value within the plan’s bounds and the status, and reads them back', async () => {
    const plan = await buildPlan(server, { minRenewDays: 7, maxRenewDays: 60 });
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 1);
    const call = (path: string, body: Record<string, unknown>) =>
      server.request('POST', `/api/v1/public/autorenew/${path}`, {
        token: me.token,
        body: { subscriptionId: id, ...body },
      });

    expect((await call('get', {})).body.payload).toEqual({ subscriptionId: id, status: false, renewvalue: null });
    const value = await call('set', { renewvalue: 30 });
    expect(value.body).toMatchObject({
      message: 'Your Renew value has been successfully updated',
      payload: { renewvalue: 30 },
    });
    expect((await call('set', { renewvalue: 3 })).body.message).toBe('Choose between 7 and 60 days');
    const on = await call('status', { status: true });
    expect(on.body).toMatchObject({
      message: 'Auto Renew status updated successfully',
      payload: { status: true, renewvalue: 30 },
    });

    await expire(id);
    expect((await call('status', { status: true })).body).toMatchObject({ status: 400, message: 'Plan expired' });
    const stranger = await buyer(0);
    const theirs = await server.request('POST', '/api/v1/public/autorenew/get', {
      token: stranger.token,
      body: { subscriptionId: id },
    });
    expect(theirs.status).toBe(404);
  });
});

describe('renewing and extending', () => {
  it('adds GB at the renewal table’s tier price and days at the extension prices, from balance', async () => {
    const plan = await buildPlan(server);
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 2); // $8
    const before = await row(id);

    const gb = await renew(me.token, id, { updatingType: 'bandwidth', bandwidth: 10 });
    expect(gb.body).toMatchObject({
      message: 'Subscription updated',
      payload: { status: 'paid', total: 25, balance: 67 },
    });
    expect((await row(id)).bandwidthGb).toBe(12);
    expect((await row(id)).expiresAt).toEqual(before.expiresAt);

    const month = await renew(me.token, id, { updatingType: 'extend', days: 30 });
    expect(month.body.payload).toMatchObject({ total: 8, balance: 59 });
    expect((await row(id)).expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(30 * 86_400_000);

    const days = await renew(me.token, id, { updatingType: 'renew', days: 3, bandwidth: 1 });
    expect(days.body.payload).toMatchObject({ total: 4.5, balance: 54.5 });
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 5450, ledgerCents: 5450 });

    const list = await server.request('GET', '/api/v1/public/invoices?sort=oldest', { token: me.token });
    expect(list.body.payload.items.map((i: { kind: string; total: number }) => [i.kind, i.total])).toEqual([
      ['purchase', 8],
      ['renewal', 25],
      ['renewal', 8],
      ['renewal', 4.5],
    ]);
  });

  it('quotes a renewal before paying, with a coupon, at the price the payment then charges; buys nothing', async () => {
    const plan = await buildPlan(server);
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 2); // $8
    const code = `RENEW-${me.username}`;
    await server.database.db.insert(coupons).values({ code, usagesLeft: 1, discountBasisPoints: 2000 });
    const quote = (query: string) =>
      server.request('GET', `/api/v1/public/subscriptions/${id}/renew-quote?${query}`, { token: me.token });

    const plain = await quote('updatingType=bandwidth&bandwidth=10');
    expect(plain.body).toMatchObject({
      message: 'Renewal price',
      payload: {
        subscriptionId: id,
        description: 'Bandwidth top-up: 10 GB',
        subtotal: 25,
        discount: 0,
        total: 25,
        couponCode: null,
      },
    });
    const withCoupon = await quote(`updatingType=bandwidth&bandwidth=10&coupon=${code}`);
    expect(withCoupon.body.payload).toMatchObject({ subtotal: 25, discount: 5, total: 20, couponCode: code });
    expect((await quote('updatingType=bandwidth&bandwidth=10&coupon=NOPE')).body).toMatchObject({
      status: 400,
      message: 'This coupon code is not valid',
    });
    expect((await quote('updatingType=bandwidth&bandwidth=0')).status).toBe(400);
    // Quoting takes nothing: not the coupon's one use, not a cent, not a GB.
    const [unused] = await server.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(unused).toMatchObject({ usagesLeft: 1, timesUsed: 0 });
    expect((await row(id)).bandwidthGb).toBe(2);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 9200, ledgerCents: 9200 });

    const paid = await renew(me.token, id, { updatingType: 'bandwidth', bandwidth: 10, coupon: code });
    expect(paid.body.payload).toMatchObject({ status: 'paid', total: withCoupon.body.payload.total, balance: 72 });
    const stranger = await buyer(0);
    const theirs = await server.request(
      'GET',
      `/api/v1/public/subscriptions/${id}/renew-quote?updatingType=extend&days=3`,
      {
        token: stranger.token,
      },
    );
    expect(theirs.status).toBe(404);
  });

  it('lets a customer renew with a coupon only as often as its per-customer limit allows', async () => {
    const plan = await buildPlan(server);
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 2); // $8
    const code = `RENEW-ONCE-${me.username}`;
    await server.database.db.insert(coupons).values({ code, usagesLeft: 10, discountBasisPoints: 2000 });
    const once = await renew(me.token, id, { updatingType: 'bandwidth', bandwidth: 10, coupon: code });
    expect(once.body.payload).toMatchObject({ status: 'paid', total: 20 });
    const again = await renew(me.token, id, { updatingType: 'bandwidth', bandwidth: 10, coupon: code });
    expect(again.body).toMatchObject({
      status: 400,
      message: 'You have already used this coupon as often as it allows',
    });
    const quote = await server.request(
      'GET',
      `/api/v1/public/subscriptions/${id}/renew-quote?updatingType=bandwidth&bandwidth=10&coupon=${code}`,
      { token: me.token },
    );
    expect(quote.body.message).toBe('You have already used this coupon as often as it allows');
    expect((await row(id)).bandwidthGb).toBe(12);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 7200, ledgerCents: 7200 });
  });

  it('starts a fresh period when an expired plan is extended; refuses GB for an expired plan', async () => {
    const plan = await buildPlan(server);
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 1);
    await expire(id);
    expect((await renew(me.token, id, { updatingType: 'bandwidth', bandwidth: 5 })).body.message).toBe('Plan expired');
    const res = await renew(me.token, id, { updatingType: 'extend', days: 1 });
    expect(res.body.payload.total).toBe(0.5);
    const fresh = await row(id);
    expect(fresh.status).toBe('active');
    expect(fresh.expiresAt!.getTime() - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(fresh.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it('renews a thread plan for a new thread count, prorated by days', async () => {
    const plan = await buildPlan(server, {
      type: 'isp',
      bandwidthPrices: '',
      threadPrices: JSON.stringify([{ value: 1, price: 3 }]),
      threads: 5,
      minRenewDays: 15,
      maxRenewDays: 60,
    });
    const me = await buyer(100);
    const id = await bought(me.token, plan.id, 5); // 5 threads x $3
    const res = await renew(me.token, id, { updatingType: 'renew', threads: 8, days: 15 });
    // RenewISPPrices: $2 per thread per 30 days -> 8 x 2 x 15/30.
    expect(res.body.payload.total).toBe(8);
    expect((await row(id)).threads).toBe(8);
    expect((await renew(me.token, id, { updatingType: 'bandwidth', bandwidth: 1 })).body.message).toBe(
      'This plan is sold by threads, not bandwidth',
    );
  });

  it.each([
    [{ updatingType: 'extend', days: 91 }, 'Choose between 1 and 90 days'],
    [{ updatingType: 'extend' }, 'Choose how many days to add'],
    [{ updatingType: 'bandwidth' }, 'Choose how many GB to add'],
    [{ updatingType: 'upgrade', days: 3 }, 'Validation Error'],
    [{ updatingType: 'extend', days: 30, coupon: 'NOPE' }, 'This coupon code is not valid'],
  ])('refuses %j and charges nothing', async (body, message) => {
    const plan = await buildPlan(server);
    const me = await buyer(20);
    const id = await bought(me.token, plan.id, 1);
    const res = await renew(me.token, id, body);
    expect(res.body).toMatchObject({ status: 400, message });
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 1600, ledgerCents: 1600 });
  });

  it('answers 404 for someone else’s subscription and never touches it', async () => {
    const plan = await buildPlan(server);
    const owner = await buyer(20);
    const id = await bought(owner.token, plan.id, 1);
    const thief = await buyer(100);
    expect((await renew(thief.token, id, { updatingType: 'extend', days: 30 })).status).toBe(404);
    expect(await moneyOf(server, thief.id)).toEqual({ balanceCents: 10_000, ledgerCents: 10_000 });
  });

  it('by card: answers linkData.hosted_url and applies the renewal only once paid', async () => {
    const plan = await buildPlan(server);
    const me = await buyer(10);
    const id = await bought(me.token, plan.id, 1);
    const res = await renew(me.token, id, { updatingType: 'bandwidth', bandwidth: 3, paymentMethod: 'stripe' });
    expect(res.body).toMatchObject({ message: 'Payment created', payload: { status: 'pending', total: 9 } });
    expect((await row(id)).bandwidthGb).toBe(1);
    const url = res.body.payload.linkData.hosted_url as string;
    // The payer's ticket rides in the query string; the Pay button posts it along.
    const pay = await fetch(url.replace('?', '/pay?'), { method: 'POST', redirect: 'manual' });
    expect(new URL(pay.headers.get('location')!).pathname).toBe(`/dashboard/payment-success/${id}`);
    expect((await row(id)).bandwidthGb).toBe(4);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 600, ledgerCents: 600 });
  });
});
