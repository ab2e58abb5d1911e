import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

// The reseller panel (issue 32, ADR 044): a reseller=1 API account in the web app with its session
// alone. It reads its figures, orders, sub-users and their usage, sells a sub-user a plan and makes,
// replaces or revokes its own API key; the reseller API itself still wants the key and the token.
let server: TestServer;
let adminToken: string;
let n = 0;
let ip = 0;
const plans: Record<string, string> = {};
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  plans.residential = (await buildPlan(server, { title: 'Panel residential', sortOrder: 1 })).id;
  plans.mobile = (await buildPlan(server, { type: 'mobile', title: 'Panel mobile', sortOrder: 2 })).id;
  plans.trial = (await buildPlan(server, { title: 'Panel trial', trial: true, priceCents: 99, bandwidthGb: 1 })).id;
});
afterAll(() => server.close());

const nextIp = () => `198.18.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;
const panel = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  token: string | null,
  options: { body?: unknown; idem?: string; key?: string } = {},
) =>
  server.request(method, `/api/v1/reseller-panel/${path}`, {
    ...(token ? { token } : {}),
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: {
      'x-forwarded-for': nextIp(),
      ...(options.idem ? { 'idempotency-key': options.idem } : {}),
      ...(options.key ? { 'x-api-key': options.key } : {}),
    },
  });
const api = (path: string, key: string, token: string) =>
  server.request('GET', `/api/v1/reseller/${path}`, {
    token,
    headers: { 'x-forwarded-for': nextIp(), 'x-api-key': key },
  });

/** A staff-made reseller=1 account with residential prices only (mobile not offered), $100 and a sub-user. */
async function reseller() {
  const i = ++n;
  const made = await server.request('POST', '/api/v1/admin/reseller', {
    token: adminToken,
    body: {
      email: `panel-reseller${i}@example.test`,
      username: `panel_reseller_${i}`,
      resiprice: 2,
      mobileprice: null,
      dataprice1: null,
      dataprice7: null,
      dataprice30: null,
      ispprice: null,
      gbvalue: 0,
      ipv6white: 5,
      datawhite: 3,
      value: 0,
    },
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(made.status).toBe(200);
  const id = made.body.payload.reseller.id as string;
  await fund(server, adminToken, id, 100);
  const token = await server.tokenFor({ id });
  const created = await panel('POST', 'sub-users', token, {
    body: { username: `panel_client_${i}`, email: `panel-client${i}@example.test` },
  });
  expect([created.status, created.body.message]).toEqual([200, 'Sub User Created Successfully']);
  return { id, token, staffKey: made.body.payload.apiKey as string, subId: created.body.payload.id as string };
}
type Reseller = Awaited<ReturnType<typeof reseller>>;

let idem = 0;
const sale = (me: Reseller, gb: number, subId = me.subId, key = `panel-sale-${++idem}`) =>
  panel('POST', `sub-users/${subId}/plans`, me.token, {
    body: { planId: plans.residential, region: 'US', bandwidth: gb, days: 30 },
    idem: key,
  });

describe('the reseller panel with the session alone', () => {
  it('shows the balance, prices, sub-users and key status; the reseller API still wants key and token', async () => {
    const me = await reseller();
    const overview = await panel('GET', 'overview', me.token);
    expect(overview.status).toBe(200);
    expect(overview.body.payload).toMatchObject({
      username: expect.stringMatching(/^panel_reseller_/),
      balance: 100,
      prices: { resiprice: 2, mobileprice: null },
      gbvalue: 0,
      ipv6white: 5,
      datawhite: 3,
      subUsers: 1,
      activePlans: 0,
      apiKey: { prefix: me.staffKey.slice(0, 14) },
    });
    expect(overview.body.payload.gbPerDay).toHaveLength(30);
    expect(JSON.stringify(overview.body)).not.toContain(me.staffKey);
    // The panel is no way around the API's two secrets: the token alone is still refused there.
    const tokenOnly = await server.request('GET', '/api/v1/reseller/generalinfo', {
      token: me.token,
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect([tokenOnly.status, tokenOnly.body.message]).toEqual([401, 'API key required']);
  });

  it('offers only plans on sale that the terms price, never a trial', async () => {
    const me = await reseller();
    const listed = await panel('GET', 'plans', me.token);
    expect(listed.status).toBe(200);
    const ids = (listed.body.payload.plans as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(plans.residential);
    expect(ids).not.toContain(plans.mobile);
    expect(ids).not.toContain(plans.trial);
    expect(listed.body.payload.plans[0]).toMatchObject({
      type: 'residential',
      duration: 30,
      serverGeoOptions: 'US,DE,GB',
    });
    // The sale dialog's countries for plans that name none.
    const countries = await server.request('GET', '/api/v1/auth/country/profile', { token: me.token });
    expect(countries.status).toBe(200);
  });

  it('sells a sub-user a plan once per Idempotency-Key and shows it in orders and usage, in bytes and GB', async () => {
    const me = await reseller();
    const first = await sale(me, 5, me.subId, 'panel-once-1');
    expect([first.status, first.body.message]).toEqual([200, 'Plan purchased']);
    expect(first.body.payload).toMatchObject({ subUserId: me.subId, total: 10, balance: 90 });
    const again = await sale(me, 5, me.subId, 'panel-once-1');
    expect(again.body.payload).toEqual(first.body.payload);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 9000, ledgerCents: 9000 });
    const missingKey = await panel('POST', `sub-users/${me.subId}/plans`, me.token, {
      body: { planId: plans.residential, region: 'US', bandwidth: 1, days: 30 },
    });
    expect(missingKey.status).toBe(400);

    const soldId = first.body.payload.subscriptionId as string;
    await server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: Math.round(1.5 * BYTES_PER_GB) })
      .where(eq(subscriptions.id, soldId));
    const detail = await panel('GET', `sub-users/${me.subId}`, me.token);
    expect(detail.status).toBe(200);
    expect(detail.body.payload).toMatchObject({ activePlans: 1, usedBytes: 1.5 * BYTES_PER_GB, usedGb: 1.5 });
    expect(detail.body.payload.plans).toEqual([
      expect.objectContaining({ id: soldId, bandwidthGb: 5, usedBytes: 1.5 * BYTES_PER_GB, usedGb: 1.5 }),
    ]);
    const list = await panel('GET', 'sub-users', me.token);
    expect(list.body.payload).toMatchObject({ total: 1, size: 30 });
    expect(list.body.payload.items[0]).toMatchObject({ id: me.subId, usedBytes: 1.5 * BYTES_PER_GB, usedGb: 1.5 });

    const orders = await panel('GET', 'orders', me.token);
    expect(orders.status).toBe(200);
    expect(orders.body.payload.total).toBe(1);
    expect(orders.body.payload.items[0]).toMatchObject({
      kind: 'purchase',
      total: 10,
      units: 5,
      status: 'paid',
      refunded: false,
      subscriptionId: soldId,
      subUser: { id: me.subId, username: expect.stringMatching(/^panel_client_/) },
    });
    const bySubUser = await panel('GET', `orders?search=${encodeURIComponent(detail.body.payload.username)}`, me.token);
    expect(bySubUser.body.payload.total).toBe(1);
    expect((await panel('GET', 'orders?search=nothing-like-it', me.token)).body.payload.total).toBe(0);
    // The figures count the sale.
    const overview = await panel('GET', 'overview', me.token);
    expect(overview.body.payload).toMatchObject({ balance: 90, spendTotal: 10, activePlans: 1 });
  });

  it('lists a plan the reseller bought for itself as its own order, with no sub-user', async () => {
    const me = await reseller();
    const bought = await server.request('POST', '/api/v1/reseller/purchase', {
      token: me.token,
      body: { planId: plans.residential, quantity: 1, country: 'US' },
      headers: { 'x-forwarded-for': nextIp(), 'x-api-key': me.staffKey, 'idempotency-key': 'panel-own-1' },
    });
    expect(bought.status).toBe(200);
    const orders = await panel('GET', 'orders', me.token);
    expect(orders.body.payload.items).toEqual([expect.objectContaining({ total: 2, subUser: null })]);
  });

  it('makes, replaces and revokes its own key: shown once, the old one stops at once', async () => {
    const me = await reseller();
    const made = await panel('POST', 'apikey', me.token);
    expect([made.status, made.body.message]).toEqual([200, 'API key created']);
    const key = made.body.payload.apiKey as string;
    expect(key).toMatch(/^tg_live_[\w-]{43}$/);
    expect(made.body.payload.status.prefix).toBe(key.slice(0, 14));
    expect((await api('generalinfo', key, me.token)).status).toBe(200);
    expect((await api('generalinfo', me.staffKey, me.token)).status).toBe(401);
    // Only the prefix is ever shown again.
    const overview = await panel('GET', 'overview', me.token);
    expect(overview.body.payload.apiKey.prefix).toBe(key.slice(0, 14));
    expect(JSON.stringify(overview.body)).not.toContain(key);

    const revoked = await panel('DELETE', 'apikey', me.token);
    expect([revoked.status, revoked.body.message, revoked.body.payload]).toEqual([200, 'API key revoked', null]);
    expect((await api('generalinfo', key, me.token)).status).toBe(401);
    expect((await panel('GET', 'overview', me.token)).body.payload.apiKey).toBeNull();
    const twice = await panel('DELETE', 'apikey', me.token);
    expect([twice.status, twice.body.payload.error]).toEqual([404, 'There is no API key to revoke']);
  });
});

describe('the reseller panel under attack', () => {
  const READS = ['overview', 'orders', 'sub-users', 'plans'];

  it('refuses everyone but a reseller=1 account: customers, programme members and staff 403, no token 403 unauthorized', async () => {
    const me = await reseller();
    const customer = await server.tokenFor(await server.buildAccount());
    const staff = await Promise.all(
      (['Support', 'Manager', 'Administrator'] as const).map(async (role) =>
        server.tokenFor(await server.buildAccount({ role })),
      ),
    );
    for (const token of [customer, ...staff]) {
      for (const path of [...READS, `sub-users/${me.subId}`]) {
        const res = await panel('GET', path, token);
        expect([path, res.status, res.body.message]).toEqual([path, 403, 'forbidden']);
      }
      expect((await panel('POST', 'apikey', token)).status).toBe(403);
      expect((await panel('DELETE', 'apikey', token)).status).toBe(403);
      expect((await sale({ ...me, token }, 1)).status).toBe(403);
    }
    for (const path of READS) expect((await panel('GET', path, null)).body.message).toBe('unauthorized');
    // A key is no way in: the panel is for the browser's session, never for a script's key.
    const byKey = await panel('GET', 'overview', null, { key: me.staffKey });
    expect(byKey.status).toBe(403);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 10_000, ledgerCents: 10_000 });
  });

  it("answers another reseller's sub-user as unknown (404) and charges nothing", async () => {
    const me = await reseller();
    const other = await reseller();
    const read = await panel('GET', `sub-users/${other.subId}`, me.token);
    expect([read.status, read.body.payload.error]).toEqual([404, 'No such sub-user']);
    const sold = await sale(me, 1, other.subId);
    expect([sold.status, sold.body.payload.error]).toEqual([404, 'No such sub-user']);
    const unknown = await panel('GET', 'sub-users/00000000-0000-4000-8000-000000000000', me.token);
    expect(unknown.status).toBe(404);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 10_000, ledgerCents: 10_000 });
    expect((await panel('GET', 'orders', me.token)).body.payload.total).toBe(0);
    // And the other's orders never show in mine after the other sells.
    expect((await sale(other, 1)).status).toBe(200);
    expect((await panel('GET', 'orders', me.token)).body.payload.total).toBe(0);
  });

  it('refuses malformed ids, hostile text and numbers with 400, never a 5xx', async () => {
    const me = await reseller();
    for (const id of ['not-a-uuid', '1', "1' or '1'='1", '%00', 'a'.repeat(99)]) {
      const res = await panel('GET', `sub-users/${encodeURIComponent(id)}`, me.token);
      expect([id.slice(0, 20), res.status]).toEqual([id.slice(0, 20), 400]);
      expect((await sale(me, 1, encodeURIComponent(id))).status).toBe(400);
    }
    // Longer than any route's parameter: the router refuses it before anything runs.
    expect((await panel('GET', `sub-users/${'a'.repeat(5000)}`, me.token)).status).toBe(414);
    const queries = [
      `search=${'x'.repeat(201)}`,
      'search=%00',
      'search=a%1Bb',
      'page=0',
      'page=-1',
      'page=abc',
      'size=31',
      'size=0',
      'page=1e400',
    ];
    for (const query of queries) {
      const res = await panel('GET', `sub-users?${query}`, me.token);
      expect([query, res.status]).toEqual([query, 400]);
      expect((await panel('GET', `orders?${query.replace('size=31', 'size=101')}`, me.token)).status).toBe(400);
    }
    const bodies: unknown[] = [
      {},
      { username: '', email: '' },
      { username: 'a'.repeat(10_000), email: 'x@example.test' },
      { username: 'ok_name', email: 'x\u0000@example.test' },
      { username: 'bad\u202ename', email: 'y@example.test' },
      { username: ['array'], email: 'z@example.test' },
      'text',
      null,
    ];
    for (const body of bodies) {
      const res = await panel('POST', 'sub-users', me.token, { body });
      expect([JSON.stringify(body).slice(0, 30), res.status]).toEqual([JSON.stringify(body).slice(0, 30), 400]);
    }
    const orders: Record<string, unknown>[] = [
      { bandwidth: 0 },
      { bandwidth: -5 },
      { bandwidth: 1.5 },
      { bandwidth: 1e300 },
      { bandwidth: '5' },
      { bandwidth: 5, threads: 5 },
      { region: '' },
      { region: 'x'.repeat(61) },
      { region: 'U\u0007S' },
      { days: 0 },
      { days: 99_999 },
      { planId: 'nope' },
    ];
    for (const change of orders) {
      const res = await panel('POST', `sub-users/${me.subId}/plans`, me.token, {
        body: { planId: plans.residential, region: 'US', bandwidth: 1, days: 30, ...change },
        idem: `hostile-${++idem}`,
      });
      expect([JSON.stringify(change), res.status]).toEqual([JSON.stringify(change), 400]);
    }
    for (const key of ['short', 'x'.repeat(101), 'spaces are bad', 'ключ-ключ-ключ']) {
      const res = await server.request('POST', `/api/v1/reseller-panel/sub-users/${me.subId}/plans`, {
        token: me.token,
        body: { planId: plans.residential, region: 'US', bandwidth: 1, days: 30 },
        headers: { 'x-forwarded-for': nextIp(), 'idempotency-key': encodeURI(key) },
      });
      expect([key.slice(0, 10), res.status]).toEqual([key.slice(0, 10), 400]);
    }
    // Not offered by the terms (mobile has no price): refused by the API's own rule.
    const mobile = await panel('POST', `sub-users/${me.subId}/plans`, me.token, {
      body: { planId: plans.mobile, region: 'US', bandwidth: 1, days: 30 },
      idem: `hostile-${++idem}`,
    });
    expect(mobile.status).toBe(400);
    // More than the balance pays for: 400, nothing charged.
    const tooMuch = await sale(me, 1000);
    expect(tooMuch.status).toBe(400);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 10_000, ledgerCents: 10_000 });
  });

  it('20 parallel key replacements leave exactly one valid key, and 20 parallel sales spend within the balance', async () => {
    const me = await reseller();
    const made = await Promise.all(Array.from({ length: 20 }, () => panel('POST', 'apikey', me.token)));
    expect(made.map((r) => r.status)).toEqual(Array(20).fill(200));
    const keys = made.map((r) => r.body.payload.apiKey as string);
    expect(new Set(keys).size).toBe(20);
    const answers = await Promise.all([...keys, me.staffKey].map((key) => api('generalinfo', key, me.token)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 401)).toBe(true);
    const overview = await panel('GET', 'overview', me.token);
    const live = keys[answers.findIndex((r) => r.status === 200)]!;
    expect(overview.body.payload.apiKey.prefix).toBe(live.slice(0, 14));

    // $100 pays for ten 5 GB sales at $2/GB: of twenty at once, ten go through.
    const sales = await Promise.all(Array.from({ length: 20 }, () => sale(me, 5)));
    expect(sales.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(sales.filter((r) => r.status === 200)).toHaveLength(10);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    expect((await panel('GET', 'orders?size=100', me.token)).body.payload.total).toBe(10);
  });
});
