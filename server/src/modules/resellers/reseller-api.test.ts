import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#modules/checkout/checkout.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { resellerTerms } from './resellers.schema';

// The reseller API (issue 17): x-api-key plus the bearer token, reseller prices (ADR 021),
// idempotent charges (ADR 039), money never lost or doubled.
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
  });
});
