import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#modules/checkout/checkout.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { resellerTerms } from './resellers.schema';

// The reseller API (issue 17): x-api-key plus the bearer token, reseller prices (ADR 021),
// idempotent charges (ADR 041), money never lost or doubled.
let server: TestServer;
let adminToken: string;
let n = 0;
let ip = 0;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const TERMS = {
  resiprice: 2,
  mobileprice: null,
  dataprice1: 0.2,
  dataprice7: 0.9,
  dataprice30: 2,
  ispprice: 3,
  gbvalue: 0,
  ipv6white: 5,
  datawhite: 3,
  value: 10,
};
const nextIp = () => `203.0.113.${(++ip % 250) + 1}`;

async function reseller(terms: Partial<typeof TERMS> = {}, dollars = 0) {
  const i = ++n;
  const res = await server.request('POST', '/api/v1/admin/reseller', {
    token: adminToken,
    body: { email: `api-reseller${i}@example.test`, username: `api_reseller_${i}`, ...TERMS, ...terms },
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(res.status).toBe(200);
  const { reseller: r, apiKey } = res.body.payload as { reseller: { id: string }; apiKey: string };
  if (dollars) await fund(server, adminToken, r.id, dollars);
  return { id: r.id, key: apiKey, token: await server.tokenFor({ id: r.id }) };
}
type Caller = { key: string | null; token: string | null };

function call(method: 'GET' | 'POST', path: string, who: Caller, options: { body?: unknown; idem?: string } = {}) {
  return server.request(method, `/api/v1/reseller/${path}`, {
    ...(who.token ? { token: who.token } : {}),
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: {
      'x-forwarded-for': nextIp(),
      ...(who.key ? { 'x-api-key': who.key } : {}),
      ...(options.idem ? { 'idempotency-key': options.idem } : {}),
    },
  });
}
let idem = 0;
const newIdem = () => `order-${Date.now()}-${++idem}`;

describe('reseller API authentication', () => {
  it('needs a reseller key and the same account’s bearer token: 401 without either, 403 for a customer’s key', async () => {
    const me = await reseller();
    const ok = await call('GET', 'generalinfo', me);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('General info');

    const cases: [Caller, number, string][] = [
      [{ key: null, token: me.token }, 401, 'API key required'],
      [{ key: `tg_live_${'A'.repeat(43)}`, token: me.token }, 401, 'Invalid API key'],
      [{ key: 'not-a-key', token: me.token }, 401, 'Invalid API key'],
      [{ key: me.key, token: null }, 401, 'Bearer token required with the API key'],
      [{ key: me.key, token: 'garbage' }, 401, 'Invalid or expired bearer token'],
    ];
    const other = await reseller();
    cases.push([
      { key: me.key, token: other.token },
      401,
      'The bearer token and the API key belong to different accounts',
    ]);
    // A customer's own key (Customer API) is refused here: the account is not a reseller.
    const customer = await server.buildAccount();
    const customerToken = await server.tokenFor(customer);
    const made = await server.request('POST', '/api/v1/public/api-keys', {
      token: customerToken,
      body: { name: 'script', scope: 'read-write' },
    });
    cases.push([{ key: made.body.payload.key, token: customerToken }, 403, 'forbidden']);
    // A live session of another role is still another account's.
    cases.push([
      { key: me.key, token: customerToken },
      401,
      'The bearer token and the API key belong to different accounts',
    ]);
    for (const path of ['generalinfo', 'purchase']) {
      for (const [who, status, message] of cases) {
        const res =
          path === 'purchase'
            ? await call('POST', path, who, { body: {}, idem: newIdem() })
            : await call('GET', path, who);
        expect([path, res.status, res.body.message]).toEqual([path, status, message]);
      }
    }
  });

  it('a rotated key stops at once; the new one works', async () => {
    const me = await reseller();
    const rotated = await server.request('POST', `/api/v1/admin/reseller/${me.id}/apikey`, { token: adminToken });
    expect((await call('GET', 'generalinfo', me)).status).toBe(401);
    expect((await call('GET', 'generalinfo', { ...me, key: rotated.body.payload.apiKey })).status).toBe(200);
  });

  it('rate limits per key with 429 and Retry-After', async () => {
    const me = await reseller();
    const answers = await Promise.all(Array.from({ length: 301 }, () => call('GET', 'generalinfo', me)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(300);
    const limited = answers.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await reseller();
    expect((await call('GET', 'generalinfo', other)).status).toBe(200);
  });
});

describe('reseller purchase', () => {
  it('charges the reseller price from the balance, through the ledger, and the plan is an ordinary subscription', async () => {
    const me = await reseller({}, 50);
    const plan = await buildPlan(server);
    const res = await call('POST', 'purchase', me, {
      body: { planId: plan.id, quantity: 5, country: 'US' },
      idem: newIdem(),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Plan purchased');
    // 5 GB x $2 (resiprice), not the catalogue's $4/GB.
    expect(res.body.payload).toMatchObject({ total: 10, balance: 40, poolGbUsed: 0, poolGbLeft: 0 });
    const money = await moneyOf(server, me.id);
    expect(money).toEqual({ balanceCents: 4000, ledgerCents: 4000 });
    const [sub] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.body.payload.subscriptionId));
    expect(sub).toMatchObject({ accountId: me.id, status: 'active', bandwidthGb: 5, planType: 'residential' });
    const [invoice] = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, res.body.payload.invoiceId));
    expect(invoice).toMatchObject({ accountId: me.id, totalCents: 1000, status: 'paid' });
    expect(invoice!.description).toContain('reseller price');
    const info = await call('GET', 'generalinfo', me);
    expect(info.body.payload).toMatchObject({ balance: 40, prices: { resiprice: 2, mobileprice: null } });
    expect(info.body.payload.plans.map((p: { id: string }) => p.id)).toEqual([sub!.id]);
  });

  it('takes residential GB from the prepaid pool first and charges only the rest', async () => {
    const me = await reseller({ gbvalue: 3 }, 50);
    const plan = await buildPlan(server);
    const res = await call('POST', 'purchase', me, {
      body: { planId: plan.id, quantity: 5, country: 'US' },
      idem: newIdem(),
    });
    expect(res.body.payload).toMatchObject({ total: 4, balance: 46, poolGbUsed: 3, poolGbLeft: 0 });
    const [terms] = await server.database.db.select().from(resellerTerms).where(eq(resellerTerms.accountId, me.id));
    expect(terms!.gbValue).toBe(0);
  });

  it('refuses a product without a price, datacenter periods other than 1/7/30, and bad input, naming the field', async () => {
    const me = await reseller({}, 50);
    const mobile = await buildPlan(server, { type: 'mobile', title: 'Mobile' });
    const dc = await buildPlan(server, {
      type: 'datacenter',
      title: 'DC',
      bandwidthPrices: '',
      threadPrices: JSON.stringify([{ value: 1, price: 1 }]),
    });
    const cases: [unknown, string][] = [
      [
        { planId: mobile.id, quantity: 1, country: 'US' },
        'planId: this product is not offered to your reseller account',
      ],
      [
        { planId: dc.id, quantity: 1, days: 3, country: 'US' },
        'days: datacenter is sold to resellers for 1, 7 or 30 days',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', 'purchase', me, { body, idem: newIdem() });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const bad: [unknown, string][] = [
      [{ quantity: 1, country: 'US' }, 'body.planId'],
      [{ planId: mobile.id, quantity: 0, country: 'US' }, 'body.quantity'],
      [{ planId: mobile.id, quantity: 1.5, country: 'US' }, 'body.quantity'],
      [{ planId: mobile.id, quantity: 1, country: '' }, 'body.country'],
      [{ planId: mobile.id, quantity: 1, days: -1, country: 'US' }, 'body.days'],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', 'purchase', me, { body, idem: newIdem() });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const noKey = await call('POST', 'purchase', me, { body: { planId: mobile.id, quantity: 1, country: 'US' } });
    expect(noKey.status).toBe(400);
    expect(JSON.stringify(noKey.body)).toContain('Idempotency-Key');
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 5000, ledgerCents: 5000 });
  });

  it('the same Idempotency-Key 20 times charges once and answers the first result; another body with it is 422', async () => {
    const me = await reseller({}, 50);
    const plan = await buildPlan(server);
    const key = newIdem();
    const body = { planId: plan.id, quantity: 2, country: 'US' };
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await call('POST', 'purchase', me, { body, idem: key }));
    answers.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => call('POST', 'purchase', me, { body, idem: key })))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.payload.subscriptionId)).size).toBe(1);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 4600, ledgerCents: 4600 });
    const mine = await server.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, me.id));
    expect(mine).toHaveLength(1);
    const other = await call('POST', 'purchase', me, { body: { ...body, quantity: 3 }, idem: key });
    expect([other.status, other.body.message]).toEqual([422, 'Idempotency-Key: already used for a different request']);
    // Another reseller's identical key is its own.
    const them = await reseller({}, 50);
    expect((await call('POST', 'purchase', them, { body, idem: key })).body.payload.total).toBe(4);
  });

  // A fresh key sent 20 times at once: the first order's statement writes the record, the others
  // wait on its primary key, find it taken and answer what it stored. With prepaid GB the order runs
  // in a transaction that also takes from the pool; the pool is taken once too.
  for (const pooled of [false, true]) {
    it(`one fresh Idempotency-Key sent 20 times at once charges once and answers the same bytes${pooled ? ' (prepaid GB)' : ''}`, async () => {
      const me = await reseller(pooled ? { gbvalue: 3 } : {}, 50);
      const plan = await buildPlan(server);
      const body = { planId: plan.id, quantity: 5, country: 'US' };
      const key = newIdem();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('POST', 'purchase', me, { body, idem: key })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      // $2/GB (TERMS.resiprice); with 3 GB prepaid only 2 GB are paid for.
      const paid = pooled ? 4 : 10;
      expect(answers[0]!.body.payload).toMatchObject({
        total: paid,
        balance: 50 - paid,
        poolGbUsed: pooled ? 3 : 0,
        poolGbLeft: 0,
      });
      expect(await moneyOf(server, me.id)).toEqual({ balanceCents: (50 - paid) * 100, ledgerCents: (50 - paid) * 100 });
      const mine = await server.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, me.id));
      expect(mine).toHaveLength(1);
      const [terms] = await server.database.db.select().from(resellerTerms).where(eq(resellerTerms.accountId, me.id));
      expect(terms!.gbValue).toBe(0);
    });
  }

  it('10 parallel 1 GB orders against 3 prepaid GB: three take one each, seven pay, the pool ends at 0', async () => {
    const me = await reseller({ gbvalue: 3 }, 50);
    const plan = await buildPlan(server);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', 'purchase', me, { body: { planId: plan.id, quantity: 1, country: 'US' }, idem: newIdem() }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const payloads = answers.map((a) => a.body.payload as { total: number; poolGbUsed: number });
    expect(payloads.filter((p) => p.poolGbUsed === 1 && p.total === 0)).toHaveLength(3);
    expect(payloads.filter((p) => p.poolGbUsed === 0 && p.total === 2)).toHaveLength(7);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 3600, ledgerCents: 3600 });
    const [terms] = await server.database.db.select().from(resellerTerms).where(eq(resellerTerms.accountId, me.id));
    expect(terms!.gbValue).toBe(0);
  });

  it('100 parallel purchases against a balance for exactly 10 give exactly 10, never below zero', async () => {
    const me = await reseller({}, 20);
    const plan = await buildPlan(server);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call('POST', 'purchase', me, { body: { planId: plan.id, quantity: 1, country: 'US' }, idem: newIdem() }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(90);
    expect(answers.find((a) => a.status === 400)!.body.message).toBe('Your balance is too low for this payment');
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const mine = await server.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, me.id));
    expect(mine).toHaveLength(10);
    const billed = await server.database.db.select().from(invoices).where(eq(invoices.accountId, me.id));
    expect(billed).toHaveLength(10);
  });
});

describe('reseller sub-users', () => {
  const createSub = (me: Caller, i: number, prefix: string) =>
    call('POST', 'sub-users', me, { body: { username: `${prefix}_${i}`, email: `${prefix}.${i}@example.test` } });

  it('creates, lists 30 a page with search, opens one; another reseller’s sub-user is not found', async () => {
    const me = await reseller();
    const prefix = `sub${++n}`;
    const first = await createSub(me, 0, prefix);
    expect([first.status, first.body.message]).toEqual([200, 'Sub User Created Successfully']);
    expect(first.body.payload).toMatchObject({ username: `${prefix}_0`, activePlans: 0 });
    for (let i = 1; i <= 31; i++) expect((await createSub(me, i, prefix)).status).toBe(200);
    const page1 = await call('GET', 'sub-users', me);
    expect(page1.body.payload).toMatchObject({ total: 32, page: 1, size: 30 });
    expect(page1.body.payload.items).toHaveLength(30);
    const page2 = await call('GET', 'sub-users?page=2', me);
    expect(page2.body.payload.items).toHaveLength(2);
    const found = await call('GET', `sub-users?search=${prefix}_31`, me);
    expect(found.body.payload.items.map((s: { username: string }) => s.username)).toEqual([`${prefix}_31`]);
    const tooBig = await call('GET', 'sub-users?size=31', me);
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(tooBig.body)).toContain('size');

    const dup = await createSub(me, 0, prefix);
    expect(dup.status).toBe(400);
    expect(JSON.stringify(dup.body)).toContain('body.username');
    const bad = await call('POST', 'sub-users', me, { body: { username: 'ok_name', email: 'not-mail' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('email');

    const one = await call('GET', `sub-users/${first.body.payload.id}`, me);
    expect(one.body.payload).toMatchObject({ id: first.body.payload.id, plans: [] });
    const other = await reseller({}, 50);
    expect((await call('GET', `sub-users/${first.body.payload.id}`, other)).status).toBe(404);
    expect((await call('GET', 'sub-users', other)).body.payload.total).toBe(0);
    const plan = await buildPlan(server);
    const sell = await call('POST', `sub-users/${first.body.payload.id}/plans`, other, {
      body: { planId: plan.id, region: 'US', bandwidth: 1, days: 30 },
      idem: newIdem(),
    });
    expect(sell.status).toBe(404);
    expect(await moneyOf(server, other.id)).toEqual({ balanceCents: 5000, ledgerCents: 5000 });
  });

  it('sells a sub-user a plan from the reseller’s balance, once per Idempotency-Key; the sub-user reaches only their own plans', async () => {
    const me = await reseller({}, 50);
    const created = await createSub(me, 0, `sell${++n}`);
    const subId = created.body.payload.id as string;
    const plan = await buildPlan(server);
    const body = { planId: plan.id, region: 'US', bandwidth: 3, days: 30 };
    const key = newIdem();
    const sold = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `sub-users/${subId}/plans`, me, { body, idem: key })),
    );
    expect(sold.map((s) => s.status)).toEqual(Array(5).fill(200));
    expect(new Set(sold.map((s) => s.body.payload.subscriptionId)).size).toBe(1);
    expect(sold[0]!.body.payload).toMatchObject({ subUserId: subId, total: 6, balance: 44 });
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 4400, ledgerCents: 4400 });
    const [sub] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sold[0]!.body.payload.subscriptionId));
    expect(sub).toMatchObject({ accountId: subId, status: 'active', bandwidthGb: 3 });

    const both = await call('POST', `sub-users/${subId}/plans`, me, {
      body: { ...body, threads: 2 },
      idem: newIdem(),
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('bandwidth');
    const noRegion = await call('POST', `sub-users/${subId}/plans`, me, {
      body: { ...body, region: '' },
      idem: newIdem(),
    });
    expect(noRegion.status).toBe(400);
    expect(JSON.stringify(noRegion.body)).toContain('region');
    const listed = await call('GET', `sub-users/${subId}`, me);
    expect(listed.body.payload).toMatchObject({ activePlans: 1, plans: [{ id: sub!.id, bandwidthGb: 3 }] });

    // The sub-user is an ordinary customer: their own plan opens, the reseller's plans and data do not.
    const mine = await call('POST', 'purchase', me, {
      body: { planId: plan.id, quantity: 1, country: 'US' },
      idem: newIdem(),
    });
    const subToken = await server.tokenFor({ id: subId });
    const own = await server.request('GET', `/api/v1/public/subscriptions/${sub!.id}`, { token: subToken });
    expect(own.status).toBe(200);
    const resellers = await server.request('GET', `/api/v1/public/subscriptions/${mine.body.payload.subscriptionId}`, {
      token: subToken,
    });
    expect(resellers.status).toBe(404);
    const invoicesOfSub = await server.request('GET', '/api/v1/public/invoices', { token: subToken });
    expect(invoicesOfSub.text).not.toContain(sold[0]!.body.payload.invoiceId);
    expect((await call('GET', 'generalinfo', { key: me.key, token: subToken })).status).toBe(401);
    const me2 = await server.request('GET', '/api/v1/auth/me', { token: subToken });
    expect(me2.text).not.toContain(me.id);
    // Nor the reseller's balance or prices, nor another sub-user's plan.
    const dashboard = await server.request('GET', '/api/v1/public/dashboard', { token: subToken });
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).not.toContain(sold[0]!.body.payload.invoiceId);
    const sibling = (await createSub(me, 1, `sell${n}`)).body.payload.id as string;
    const siblings = await call('POST', `sub-users/${sibling}/plans`, me, { body, idem: newIdem() });
    const siblingPlan = siblings.body.payload.subscriptionId as string;
    expect(
      (await server.request('GET', `/api/v1/public/subscriptions/${siblingPlan}`, { token: subToken })).status,
    ).toBe(404);
    expect((await call('GET', 'sub-users', { key: me.key, token: subToken })).status).toBe(401);
    expect((await server.request('GET', '/api/v1/reseller/sub-users', { token: subToken })).status).not.toBe(200);
  });
});

describe('reseller plan changes: gigabyte and extend', () => {
  it('adds GB at the reseller price once per Idempotency-Key, only to a plan of the path’s product', async () => {
    const me = await reseller({}, 50);
    const plan = await buildPlan(server);
    const bought = await call('POST', 'purchase', me, {
      body: { planId: plan.id, quantity: 2, country: 'US' },
      idem: newIdem(),
    });
    const id = bought.body.payload.subscriptionId as string;
    const key = newIdem();
    const added = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', 'gigabyte/residential', me, { body: { plan: id, gb: 3 }, idem: key }),
      ),
    );
    expect(added.map((a) => [a.status, a.body.message])).toEqual(Array(5).fill([200, 'Bandwidth added']));
    expect(added[0]!.body.payload).toMatchObject({ plan: id, total: 6, balance: 40 });
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 4000, ledgerCents: 4000 });
    const [sub] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(sub!.bandwidthGb).toBe(5);

    const wrong = await call('POST', 'gigabyte/mobile', me, { body: { plan: id, gb: 1 }, idem: newIdem() });
    expect(wrong.status).toBe(404);
    const bad = await call('POST', 'gigabyte/residential', me, { body: { plan: id, gb: 0 }, idem: newIdem() });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('gb');
    const other = await reseller({}, 50);
    expect(
      (await call('POST', 'gigabyte/residential', other, { body: { plan: id, gb: 1 }, idem: newIdem() })).status,
    ).toBe(404);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 4000, ledgerCents: 4000 });
  });

  it('prices and extends a datacenter plan by the reseller’s period price; other periods are refused', async () => {
    const me = await reseller({}, 50);
    const dc = await buildPlan(server, {
      type: 'datacenter',
      title: 'DC extend',
      bandwidthPrices: '',
      threadPrices: JSON.stringify([{ value: 1, price: 1 }]),
    });
    const bought = await call('POST', 'purchase', me, {
      body: { planId: dc.id, quantity: 2, days: 30, country: 'US' },
      idem: newIdem(),
    });
    expect(bought.body.payload.total).toBe(4);
    const id = bought.body.payload.subscriptionId as string;
    const quote = await call('POST', 'extend/extend-calculate', me, { body: { plan: id, days: 7 } });
    expect([quote.status, quote.body.payload]).toEqual([200, { plan: id, days: 7, total: 1.8 }]);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 4600, ledgerCents: 4600 });
    const [before] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    const extended = await server.request('PATCH', '/api/v1/reseller/extend/plan-extend', {
      token: me.token,
      body: { plan: id, days: 7 },
      headers: { 'x-api-key': me.key, 'idempotency-key': newIdem(), 'x-forwarded-for': nextIp() },
    });
    expect([extended.status, extended.body.message]).toEqual([200, 'Plan extended']);
    expect(extended.body.payload).toMatchObject({ total: 1.8, balance: 44.2 });
    const [after] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(after!.expiresAt!.getTime() - before!.expiresAt!.getTime()).toBe(7 * 86_400_000);
    const odd = await call('POST', 'extend/extend-calculate', me, { body: { plan: id, days: 3 } });
    expect([odd.status, odd.body.message]).toEqual([400, 'days: datacenter is sold to resellers for 1, 7 or 30 days']);
  });
});
