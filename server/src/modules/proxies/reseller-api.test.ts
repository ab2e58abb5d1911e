import { endpoints } from '@tollgate/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan, fund, resellerTerms } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { setExits } from '#test/proxies-helpers.ts';
import { createGatewayStore } from './gateway-store';

// The reseller API's calls on the reseller's own plans (issue 17): proxy lists, whitelists,
// location targeting and credentials, with x-api-key plus the bearer token (spec §6).
let server: TestServer;
let adminToken: string;
let n = 0;
let ip = 0;
beforeAll(async () => {
  server = await createTestServer({
    env: { TRUST_PROXY: '127.0.0.1', PROXY_PUBLIC_HOST: 'proxy.example.test', GATEWAY_HTTP_PORT: '8111' },
  });
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  await setExits(server, [{ type: '*', country: '*' }]);
});
afterAll(() => server.close());

const nextIp = () => `192.0.2.${(++ip % 250) + 1}`;
type Caller = { key: string | null; token: string | null };

async function resellerWithPlans() {
  const i = ++n;
  const res = await server.request('POST', '/api/v1/admin/reseller', {
    token: adminToken,
    body: {
      email: `proxy-reseller${i}@example.test`,
      username: `proxy_reseller_${i}`,
      ...resellerTerms({ datawhite: 3 }),
    },
    headers: { 'x-forwarded-for': nextIp() },
  });
  const id = res.body.payload.reseller.id as string;
  const me = { id, key: res.body.payload.apiKey as string, token: await server.tokenFor({ id }) };
  await fund(server, adminToken, id, 100);
  const buy = async (planId: string, quantity: number, days?: number) => {
    const bought = await call(
      'POST',
      'purchase',
      me,
      { planId, quantity, country: 'US', ...(days ? { days } : {}) },
      {
        'idempotency-key': `buy-${i}-${planId}`,
      },
    );
    expect(bought.status).toBe(200);
    return bought.body.payload.subscriptionId as string;
  };
  const residential = await buy((await buildPlan(server)).id, 2);
  const datacenter = await buy(
    (
      await buildPlan(server, {
        type: 'datacenter',
        title: `DC ${i}`,
        bandwidthPrices: '',
        threadPrices: JSON.stringify([{ value: 1, price: 1 }]),
      })
    ).id,
    2,
    30,
  );
  return { ...me, residential, datacenter };
}

function call(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  who: Caller,
  input: Record<string, unknown> = {},
  extra: Record<string, string> = {},
) {
  const qs = method === 'GET' ? new URLSearchParams(input as Record<string, string>).toString() : '';
  return server.request(method, `/api/v1/reseller/${path}${qs ? `?${qs}` : ''}`, {
    ...(who.token ? { token: who.token } : {}),
    ...(method === 'POST' ? { body: input } : {}),
    headers: { 'x-forwarded-for': nextIp(), ...(who.key ? { 'x-api-key': who.key } : {}), ...extra },
  });
}

describe('reseller API on the reseller’s own plans', () => {
  it('lists proxies of a plan of the product the path names, as JSON or text', async () => {
    const me = await resellerWithPlans();
    const json = await call('GET', 'proxy-list/residential', me, { plan: me.residential, count: '3' });
    expect(json.status).toBe(200);
    expect(json.body.payload.lines).toHaveLength(3);
    expect(json.body.payload.host).toBe('proxy.example.test');
    const text = await call('GET', 'proxy-list/residential-mass', me, {
      plan: me.residential,
      output: 'text',
      count: '5',
    });
    expect(text.text.trim().split('\n')).toHaveLength(5);
    // A residential plan is not an IPv6 plan; another reseller's plan is nobody's.
    const wrong = await call('GET', 'proxy-list/ipv6', me, { plan: me.residential });
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(wrong.body)).toContain('plan: not one of your ipv6 plans');
    const other = await resellerWithPlans();
    expect((await call('GET', 'proxy-list/residential', other, { plan: me.residential })).status).toBe(404);
    const bad = await call('GET', 'proxy-list/residential', me, { plan: 'nope' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('plan');
  });

  it('whitelists on a datacenter plan, targets locations and changes credentials', async () => {
    const me = await resellerWithPlans();
    const added = await call('POST', 'whitelist/datacenter', me, {
      plan: me.datacenter,
      action: 'add',
      ip: '203.0.113.9',
    });
    expect([added.status, added.body.message]).toEqual([200, 'IP added to whitelist']);
    expect(added.body.payload.whitelist).toContain('203.0.113.9');
    const listed = await call('POST', 'whitelist/datacenter', me, { plan: me.datacenter, action: 'list' });
    expect(listed.body.payload.whitelist).toEqual(['203.0.113.9']);
    // The reseller's terms set the whitelist of the datacenter plans it buys (datawhite, ADR 021).
    expect(listed.body.payload.whitelistLimit).toBe(3);
    expect((await call('POST', 'whitelist/ipv6', me, { plan: me.datacenter, action: 'list' })).status).toBe(404);
    const badAction = await call('POST', 'whitelist/datacenter', me, { plan: me.datacenter, action: 'drop' });
    expect(badAction.status).toBe(400);
    expect(JSON.stringify(badAction.body)).toContain('action');

    const countries = await call('POST', 'residential/country', me, { plan: me.residential });
    expect(countries.status).toBe(200);
    expect(Array.isArray(countries.body.payload.countries)).toBe(true);
    const noCountry = await call('POST', 'residential/state', me, { plan: me.residential });
    expect(noCountry.status).toBe(400);
    expect(JSON.stringify(noCountry.body)).toContain('country');
    expect((await call('POST', 'mobile/country_isp', me, { plan: me.residential })).status).toBe(404);

    const before = await call('GET', 'proxy-list/residential', me, { plan: me.residential, count: '1' });
    const changed = await call('POST', 'change/changeuserpass', me, { plan: me.residential });
    expect([changed.status, changed.body.message]).toEqual([200, 'Proxy credentials changed']);
    expect(before.body.payload.lines[0]).not.toContain(changed.body.payload.password);
    const after = await call('GET', 'proxy-list/residential', me, { plan: me.residential, count: '1' });
    expect(after.body.payload.lines[0]).toContain(changed.body.payload.password);
  });

  it('every reseller endpoint: 401 without a key or token, 403 for a customer key, 429 past the per-key limit', async () => {
    const me = await resellerWithPlans();
    const customer = await server.buildAccount();
    const customerToken = await server.tokenFor(customer);
    const made = await server.request('POST', '/api/v1/public/api-keys', {
      token: customerToken,
      body: { name: 'script', scope: 'read-write' },
    });
    const resellerCalls = endpoints.filter((e) => e.path.startsWith('/api/v1/reseller/'));
    expect(resellerCalls.length).toBeGreaterThanOrEqual(16);
    for (const e of resellerCalls) {
      const path = e.path.replace('/api/v1/reseller/', '');
      const method = e.method as 'GET' | 'POST';
      const noKey = await call(method, path, { key: null, token: me.token }, { plan: me.residential });
      const noToken = await call(method, path, { key: me.key, token: null }, { plan: me.residential });
      const customerKey = await call(
        method,
        path,
        { key: made.body.payload.key, token: customerToken },
        { plan: me.residential },
      );
      expect([path, noKey.status, noToken.status, customerKey.status]).toEqual([path, 401, 401, 403]);
    }
    const burst = await Promise.all(
      Array.from({ length: 301 }, () => call('POST', 'residential/country', me, { plan: me.residential })),
    );
    // The loop above spent one call of this route's budget (the key without a token still counts).
    expect(burst.filter((r) => r.status === 200)).toHaveLength(299);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(2);
    expect(Number(burst.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('reseller API on its sub-users’ plans', () => {
  async function sellToSubUser(me: Awaited<ReturnType<typeof resellerWithPlans>>, planId: string, body: object) {
    const i = ++n;
    const created = await call('POST', 'sub-users', me, {
      username: `proxy_sub_${i}`,
      email: `proxy-sub${i}@example.test`,
    });
    const subId = created.body.payload.id as string;
    const sold = await call(
      'POST',
      `sub-users/${subId}/plans`,
      me,
      { planId, region: 'US', days: 30, ...body },
      { 'idempotency-key': `sell-${i}-${planId}` },
    );
    expect(sold.status).toBe(200);
    return { subId, plan: sold.body.payload.subscriptionId as string };
  }
  const rowOf = async (id: string) =>
    (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

  it('lists, whitelists and changes credentials of a sub-user’s plan; another reseller gets 404', async () => {
    const me = await resellerWithPlans();
    const resi = await sellToSubUser(me, (await buildPlan(server)).id, { bandwidth: 2 });
    const dc = await sellToSubUser(
      me,
      (
        await buildPlan(server, {
          type: 'datacenter',
          title: `DC sub ${n}`,
          bandwidthPrices: '',
          threadPrices: JSON.stringify([{ value: 1, price: 1 }]),
        })
      ).id,
      { threads: 2 },
    );
    const listed = await call('GET', 'proxy-list/residential', me, { plan: resi.plan, count: '2' });
    expect(listed.status).toBe(200);
    const sub = await rowOf(resi.plan);
    expect(listed.body.payload.lines[0]).toContain(sub.proxyUsername);
    const added = await call('POST', 'whitelist/datacenter', me, { plan: dc.plan, action: 'add', ip: '203.0.113.44' });
    expect(added.body.payload.whitelist).toEqual(['203.0.113.44']);
    expect((await call('POST', 'residential/country', me, { plan: resi.plan })).status).toBe(200);
    const changed = await call('POST', 'change/changeuserpass', me, { plan: resi.plan });
    expect(changed.status).toBe(200);
    const after = await rowOf(resi.plan);
    expect([after.accountId, after.proxyPassword]).toEqual([resi.subId, changed.body.payload.password]);

    // Another reseller cannot reach it by any call.
    const other = await resellerWithPlans();
    for (const [method, path, input] of [
      ['GET', 'proxy-list/residential', { plan: resi.plan }],
      ['POST', 'whitelist/datacenter', { plan: dc.plan, action: 'list' }],
      ['POST', 'residential/country', { plan: resi.plan }],
      ['POST', 'change/changeuserpass', { plan: resi.plan }],
    ] as const) {
      expect([path, (await call(method, path, other, input)).status]).toEqual([path, 404]);
    }
    expect((await rowOf(resi.plan)).proxyPassword).toBe(changed.body.payload.password);
  });

  it('a deleted sub-user plan is refused by the gateway at once', async () => {
    const me = await resellerWithPlans();
    const resi = await sellToSubUser(me, (await buildPlan(server)).id, { bandwidth: 2 });
    const row = await rowOf(resi.plan);
    const store = createGatewayStore(server.database.db);
    expect(await store.byCredentials(row.proxyUsername!, row.proxyPassword!)).toMatchObject({ kind: 'grant' });
    const deleted = await call('DELETE', `sub-users/${resi.subId}/plans/${resi.plan}`, me);
    expect(deleted.status).toBe(200);
    expect(await store.byCredentials(row.proxyUsername!, row.proxyPassword!)).toEqual({
      kind: 'refusal',
      reason: 'Plan was removed',
    });
    expect((await call('GET', 'proxy-list/residential', me, { plan: resi.plan })).status).toBe(404);
  });
});
