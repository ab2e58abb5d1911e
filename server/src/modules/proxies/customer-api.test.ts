import { startGateway } from '@tollgate/gateway/gateway';
import { allowingOrigin, eventually, getViaConnect, startOrigin } from '@tollgate/gateway/testing/loopback';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '#platform/db/schema.ts';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan, proxyCredentials, setExits, setOwnServers } from '#test/proxies-helpers.ts';
import { createGatewayStore } from './gateway-store';
import { proxyUsageHourly } from './proxies.schema';

// The Customer API (issue 18, ADR 038): API keys made in /my-profile, five GET calls made with them.
let server: TestServer;
let staff: string;
let n = 0;
beforeAll(async () => {
  // Each caller names its own address, so the per-address fallback bucket never decides a case.
  ({ server, staff } = await createStaffedServer({
    env: { TRUST_PROXY: '127.0.0.1', PROXY_PUBLIC_HOST: 'proxy.example.test', GATEWAY_HTTP_PORT: '8111' },
  }));
  await setExits(server, [{ type: '*', country: '*' }]);
});
afterAll(() => server.close());

const nextIp = () => `198.51.100.${(++n % 250) + 1}`;

async function keyFor(token: string, scope: 'read-only' | 'read-write' = 'read-only', name = 'script') {
  const res = await server.request('POST', '/api/v1/public/api-keys', { token, body: { name, scope } });
  expect(res.status).toBe(200);
  return res.body.payload as { apiKey: { id: string; prefix: string }; key: string };
}

function get(path: string, key: string | null, query: Record<string, string> = {}, ip = nextIp()) {
  const qs = new URLSearchParams(query).toString();
  return server.request('GET', `/api/v1/customer/${path}${qs ? `?${qs}` : ''}`, {
    headers: { 'x-forwarded-for': ip, ...(key ? { 'x-api-key': key } : {}) },
  });
}

describe('API keys in /my-profile', () => {
  it('shows a key once, lists it by prefix and logs creation and revocation', async () => {
    const me = await customerWithPlan(server, staff);
    const { apiKey, key } = await keyFor(me.token, 'read-write', 'Router');
    expect(key).toMatch(/^tg_live_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(apiKey.prefix)).toBe(true);

    const list = await server.request('GET', '/api/v1/public/api-keys', { token: me.token });
    expect(list.body.payload).toMatchObject({
      max: 10,
      items: [{ id: apiKey.id, name: 'Router', scope: 'read-write', prefix: apiKey.prefix, lastUsedAt: null }],
    });
    expect(list.text).not.toContain(key);

    expect((await get('proxy-info', key)).status).toBe(200);
    const used = await server.request('GET', '/api/v1/public/api-keys', { token: me.token });
    expect(used.body.payload.items[0].lastUsedAt).not.toBeNull();

    const revoked = await server.request('DELETE', `/api/v1/public/api-keys/${apiKey.id}`, { token: me.token });
    expect(revoked.body.message).toBe('API key revoked');
    const after = await get('proxy-info', key);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Invalid API key');

    const events = await server.database.db
      .select({ kind: securityEvents.kind })
      .from(securityEvents)
      .where(eq(securityEvents.accountId, me.account.id));
    expect(events.map((e) => e.kind).sort()).toEqual(['api_key.created', 'api_key.revoked', 'api_key.used']);
  });

  it("refuses someone else's key id, a bad scope and an eleventh active key, even when 15 race", async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    const theirs = await keyFor(other.token);
    const steal = await server.request('DELETE', `/api/v1/public/api-keys/${theirs.apiKey.id}`, { token: me.token });
    expect(steal.status).toBe(404);
    const bad = await server.request('POST', '/api/v1/public/api-keys', {
      token: me.token,
      body: { name: 'x', scope: 'admin' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.payload)).toContain('scope');

    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        server.request('POST', '/api/v1/public/api-keys', {
          token: me.token,
          body: { name: `k${i}`, scope: 'read-only' },
          headers: { 'x-forwarded-for': nextIp() },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toBe('You can keep at most 10 active API keys; revoke one first');
  });
});

describe('the Customer API', () => {
  it('answers 401 without a key or with a malformed one, and never accepts a session token instead', async () => {
    const me = await customerWithPlan(server, staff);
    for (const path of ['proxy-list', 'proxy-info', 'proxy-whitelist', 'proxy-location', 'usage-logs']) {
      const none = await get(path, null, { plan: me.subscriptionId });
      expect(none.status).toBe(401);
      expect(none.body.message).toBe('API key required');
      const wrong = await get(path, 'tg_live_nope', { plan: me.subscriptionId });
      expect(wrong.status).toBe(401);
      const bearer = await server.request('GET', `/api/v1/customer/${path}?plan=${me.subscriptionId}`, {
        token: me.token,
      });
      expect(bearer.status).toBe(401);
    }
  });

  it("answers 404 for someone else's plan on every call that names one", async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token, 'read-write');
    for (const [path, extra] of [
      ['proxy-list', {}],
      ['proxy-info', {}],
      ['proxy-whitelist', {}],
      ['proxy-whitelist', { action: 'add', ip: '203.0.113.9' }],
      ['proxy-location', {}],
      ['usage-logs', {}],
    ] as const) {
      const res = await get(path, key, { plan: other.subscriptionId, ...extra });
      expect(res.status, path).toBe(404);
    }
  });

  it('answers 400 naming the field for bad parameters', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token, 'read-write');
    const cases: [string, Record<string, string>, string][] = [
      ['proxy-list', { plan: 'nope' }, 'plan'],
      ['proxy-list', { plan: me.subscriptionId, count: '100001' }, 'count'],
      ['proxy-list', { plan: me.subscriptionId, lifetime: '0' }, 'lifetime'],
      ['proxy-list', { plan: me.subscriptionId, session: 'forever' }, 'session'],
      ['proxy-list', { plan: me.subscriptionId, output: 'xml' }, 'output'],
      ['proxy-whitelist', { plan: me.subscriptionId, action: 'drop' }, 'action'],
      ['proxy-whitelist', { plan: me.subscriptionId, action: 'add', ip: 'not-an-ip' }, 'Invalid IP address'],
      ['proxy-location', { plan: me.subscriptionId, country: 'x'.repeat(80) }, 'country'],
      ['usage-logs', { plan: me.subscriptionId, granularity: 'minute' }, 'granularity'],
      ['usage-logs', { plan: me.subscriptionId, from: 'yesterday' }, 'from'],
      ['usage-logs', { plan: me.subscriptionId, from: '2024-01-01T00:00:00Z', to: '2024-12-01T00:00:00Z' }, 'days'],
    ];
    for (const [path, query, field] of cases) {
      const res = await get(path, key, query);
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(JSON.stringify(res.body), path).toContain(field);
    }
  });

  it('never answers 5xx to nasty parameter values', async () => {
    const me = await customerWithPlan(server, staff);
    // Several keys, so the per-key rate limit does not answer in the handlers' place.
    const keys = await Promise.all([1, 2, 3, 4].map(async (i) => (await keyFor(me.token, 'read-write', `k${i}`)).key));
    let sent = 0;
    const nasty = ['\u0000', 'x'.repeat(5_000), '-1', '1e30', '../../etc', "' OR 1=1 --", '😀', ' '];
    const params: Record<string, string[]> = {
      'proxy-list': ['country', 'state', 'city', 'isp', 'session', 'lifetime', 'count', 'porttype', 'format', 'output'],
      'proxy-info': ['plan'],
      'proxy-whitelist': ['action', 'ip', 'api_key'],
      'proxy-location': ['country', 'state'],
      'usage-logs': ['from', 'to', 'granularity', 'output'],
    };
    for (const [path, names] of Object.entries(params))
      for (const name of names)
        for (const value of nasty) {
          const query = { plan: me.subscriptionId, ...(name === 'ip' ? { action: 'add' } : {}), [name]: value };
          const res = await get(path, keys[sent++ % keys.length]!, query);
          expect(res.status).not.toBe(429);
          expect(res.status, `${path} ${name}=${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(500);
        }
  });

  it('makes the proxy list as the generator does, in JSON or as text', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token);
    const { user, pass } = await proxyCredentials(server, me.subscriptionId);
    const json = await get('proxy-list', key, { plan: me.subscriptionId, country: 'de', count: '2' });
    expect(json.body).toMatchObject({
      status: 200,
      message: 'Proxy list',
      payload: {
        plan: me.subscriptionId,
        host: 'proxy.example.test',
        port: 8111,
        lines: Array(2).fill(`proxy.example.test:8111:${user}-country-de:${pass}`),
      },
    });
    const text = await get('proxy-list', key, {
      plan: me.subscriptionId,
      count: '3',
      session: 'sticky',
      lifetime: '15',
      output: 'text',
    });
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = text.text.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(new Set(lines).size).toBe(3);
    expect(lines[0]).toMatch(/-session-\w+-lifetime-15:/);
  });

  it('tells proxy info: plans, what is left, expiry, credentials, ports', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token);
    const { user, pass } = await proxyCredentials(server, me.subscriptionId);
    const res = await get('proxy-info', key);
    expect(res.body.payload.plans).toEqual([
      expect.objectContaining({
        id: me.subscriptionId,
        status: 'active',
        bandwidth: 5,
        bandwidthLeft: 5,
        host: 'proxy.example.test',
        ports: expect.objectContaining({ http: 8111 }),
        username: user,
        password: pass,
        whitelist: [],
      }),
    ]);
    expect(res.body.payload.plans[0].expiresAt).not.toBeNull();
    const one = await get('proxy-info', key, { plan: me.subscriptionId });
    expect(one.body.payload.plans).toHaveLength(1);
  });

  it("adds the caller's own address with one URL (key in the query), lists and removes it", async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token, 'read-write');
    const url = `/api/v1/customer/proxy-whitelist?plan=${me.subscriptionId}&action=add&api_key=${key}`;
    const added = await server.request('GET', url, { headers: { 'x-forwarded-for': '203.0.113.50' } });
    expect(added.body).toMatchObject({
      status: 200,
      message: 'IP added to whitelist',
      payload: { ip: '203.0.113.50', whitelist: ['203.0.113.50'], whitelistLimit: 10 },
    });
    const list = await get('proxy-whitelist', key, { plan: me.subscriptionId });
    expect(list.body).toMatchObject({ message: 'Whitelist', payload: { whitelist: ['203.0.113.50'] } });
    const again = await server.request('GET', url, { headers: { 'x-forwarded-for': '203.0.113.50' } });
    expect(again.body.message).toBe('IP already whitelisted');
    const removed = await get('proxy-whitelist', key, {
      plan: me.subscriptionId,
      action: 'remove',
      ip: '203.0.113.50',
    });
    expect(removed.body).toMatchObject({ message: 'IP removed from whitelist', payload: { whitelist: [] } });
    // The query parameter works on this call only.
    const elsewhere = await server.request('GET', `/api/v1/customer/proxy-info?api_key=${key}`);
    expect(elsewhere.status).toBe(401);
  });

  it('lets the whitelisted address through a gateway node within 5 s of the one-URL call', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token, 'read-write');
    const origin = await startOrigin();
    await setOwnServers(server, allowingOrigin());
    // Test clients can only connect from loopback, which no customer may whitelist; the node's store
    // is asked about 203.0.113.77 whenever loopback connects, so the address the call added decides.
    const store = createGatewayStore(server.database.db);
    const gateway = await startGateway({
      store: { ...store, byIp: (ip, user) => store.byIp(ip === '127.0.0.1' ? '203.0.113.77' : ip, user) },
      host: '127.0.0.1',
      httpPort: 0,
      socksPort: 0,
      flushIntervalMs: 60_000,
    });
    try {
      expect((await getViaConnect(gateway.httpPort, origin.port, '/')).status).toBe(407);
      const url = `/api/v1/customer/proxy-whitelist?plan=${me.subscriptionId}&action=add&api_key=${key}`;
      const added = await server.request('GET', url, { headers: { 'x-forwarded-for': '203.0.113.77' } });
      expect(added.body.payload.whitelist).toEqual(['203.0.113.77']);
      const started = Date.now();
      await eventually(async () => (await getViaConnect(gateway.httpPort, origin.port, '/')).status === 200, 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await gateway.close();
      await origin.close();
      await setExits(server, [{ type: '*', country: '*' }]);
    }
  });

  it('refuses changes with a read-only key (403) but lets it read', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token, 'read-only');
    expect((await get('proxy-whitelist', key, { plan: me.subscriptionId })).status).toBe(200);
    for (const action of ['add', 'remove']) {
      const res = await get('proxy-whitelist', key, { plan: me.subscriptionId, action, ip: '203.0.113.60' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This API key is read-only');
    }
    const list = await get('proxy-whitelist', key, { plan: me.subscriptionId });
    expect(list.body.payload.whitelist).toEqual([]);
  });

  it('answers locations the plan can exit in', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token);
    const res = await get('proxy-location', key, { plan: me.subscriptionId, country: 'us' });
    expect(res.body.message).toBe('Locations');
    expect(res.body.payload.plan).toBe(me.subscriptionId);
    expect(res.body.payload.countries.length).toBeGreaterThan(0);
    expect(res.body.payload.states.length).toBeGreaterThan(0);
  });

  it('answers usage logs by day or hour over a range, as JSON or CSV', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token);
    await server.database.db.insert(proxyUsageHourly).values([
      {
        subscriptionId: me.subscriptionId,
        hour: new Date('2024-03-01T05:00:00Z'),
        country: 'de',
        bytesIn: 100,
        bytesOut: 200,
        requests: 3,
        failures: 1,
      },
      {
        subscriptionId: me.subscriptionId,
        hour: new Date('2024-03-02T07:00:00Z'),
        country: 'us',
        bytesIn: 10,
        bytesOut: 20,
        requests: 1,
      },
    ]);
    const range = { plan: me.subscriptionId, from: '2024-03-01T00:00:00Z', to: '2024-03-03T00:00:00Z' };
    const byDay = await get('usage-logs', key, range);
    expect(byDay.body.payload).toMatchObject({
      granularity: 'day',
      series: [
        { at: '2024-03-01T00:00:00.000Z', bytesIn: 100, bytesOut: 200, requests: 3, failures: 1 },
        { at: '2024-03-02T00:00:00.000Z', bytesIn: 10, bytesOut: 20, requests: 1, failures: 0 },
      ],
      totals: { bytesIn: 110, bytesOut: 220, requests: 4, failures: 1 },
    });
    const byHour = await get('usage-logs', key, { ...range, granularity: 'hour' });
    expect(byHour.body.payload.series).toHaveLength(48);
    const csv = await get('usage-logs', key, { ...range, output: 'csv' });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toBe(
      'at,bytes_in,bytes_out,requests,failures\n2024-03-01T00:00:00.000Z,100,200,3,1\n2024-03-02T00:00:00.000Z,10,20,1,0\n',
    );
  });

  it('rate limits per key with 429 and Retry-After, leaving other keys alone', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token);
    const other = await keyFor(me.token, 'read-only', 'other');
    const answers = await Promise.all(Array.from({ length: 61 }, () => get('proxy-info', key)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    const limited = answers.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get('proxy-info', other.key)).status).toBe(200);
  });

  it('answers 401 for a disabled account and 403 for a reseller key', async () => {
    const me = await customerWithPlan(server, staff);
    const { key } = await keyFor(me.token);
    const { accounts } = await import('#platform/db/schema.ts');
    await server.database.db.update(accounts).set({ reseller: true }).where(eq(accounts.id, me.account.id));
    expect((await get('proxy-info', key)).status).toBe(403);
    await server.database.db
      .update(accounts)
      .set({ reseller: false, disabledAt: new Date() })
      .where(and(eq(accounts.id, me.account.id)));
    expect((await get('proxy-info', key)).status).toBe(401);
  });
});
