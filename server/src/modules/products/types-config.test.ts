import { decodePayload } from '@tollgate/contract/http/encoding';
import { LIST_FORMATS } from '@tollgate/contract/proxies/proxies';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#platform/db/schema.ts';
import { buildPlan } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan, setExits } from '#test/proxies-helpers.ts';
import { startSecondInstance, type SecondInstance } from '#test/second-instance.ts';

const PATH = '/api/v1/admin/types-config';
const shared = process.env.TEST_DB === 'postgres';
let server: TestServer;
let admin: string;
let manager: string;

const residential = {
  displayName: 'Residential',
  description: 'Real household IPs.',
  enabled: true,
  backend: 'plan',
  formats: [...LIST_FORMATS],
};
const put = (type: string, body: unknown, token = admin) => server.request('PUT', `${PATH}/${type}`, { token, body });
const typeOf = (payload: { types: { type: string }[] }, type: string): any =>
  payload.types.find((t) => t.type === type);

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
});
afterAll(() => server.close());

describe('GET and PUT /admin/types-config', () => {
  it('answers anonymous 401/403, User and Support 403, Manager and Administrator 200', async () => {
    const user = await server.tokenFor(await server.buildAccount());
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    expect((await server.request('GET', PATH)).status).toBe(403);
    expect((await put('residential', residential, '')).status).toBe(403);
    for (const token of [user, support]) {
      const res = await server.request('GET', PATH, { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('forbidden');
      expect((await put('residential', residential, token)).status).toBe(403);
    }
    for (const token of [manager, admin]) {
      const res = await server.request('GET', PATH, { token });
      expect(res.body).toMatchObject({ status: 200, message: 'Types config' });
      expect((await put('residential', residential, token)).status).toBe(200);
    }
  });

  it("starts at today's behaviour: every type on sale, each plan's provider deciding, every format", async () => {
    const res = await server.request('GET', PATH, { token: admin });
    expect(res.body.payload.types.map((t: { type: string }) => t.type)).toEqual([
      'residential',
      'mobile',
      'isp',
      'datacenter',
      'ipv6',
    ]);
    expect(typeOf(res.body.payload, 'ipv6')).toMatchObject({
      displayName: 'IPv6',
      enabled: true,
      backend: 'plan',
      formats: [...LIST_FORMATS],
      exits: { count: 1, countries: [], anyCountry: true },
    });
  });

  it('summarises the exits of OwnServers that serve each type', async () => {
    await setExits(server, [
      { type: 'residential', country: 'us' },
      { type: 'residential', country: 'de' },
      { type: '*', country: 'gb' },
      { type: 'mobile', country: 'us' },
    ]);
    const res = await server.request('GET', PATH, { token: admin });
    expect(typeOf(res.body.payload, 'residential').exits).toEqual({
      count: 3,
      countries: ['DE', 'GB', 'US'],
      anyCountry: false,
    });
    expect(typeOf(res.body.payload, 'datacenter').exits).toEqual({ count: 1, countries: ['GB'], anyCountry: false });
  });

  it('refuses bad values with 400 naming the field, and changes nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['residential', { ...residential, displayName: '' }, 'displayName'],
      ['residential', { ...residential, displayName: 'x'.repeat(41) }, 'displayName'],
      ['residential', { ...residential, displayName: 'Bad\u0000name' }, 'displayName'],
      ['residential', { ...residential, description: 'y'.repeat(501) }, 'description'],
      ['residential', { ...residential, enabled: 'yes' }, 'enabled'],
      ['residential', { ...residential, backend: 'elsewhere' }, 'backend'],
      ['residential', { ...residential, formats: [] }, 'formats'],
      ['residential', { ...residential, formats: ['csv'] }, 'formats'],
      ['residential', { ...residential, formats: ['url', 'url'] }, 'formats'],
      ['residential', { ...residential, extra: 1 }, ''],
      ['socks', residential, 'type'],
    ];
    for (const [type, body, field] of cases) {
      const res = await put(type, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body.payload)).toContain(field);
    }
    expect((await put('residential', 'x'.repeat(500_000))).status).toBe(400);
    expect((await put('residential', 'x'.repeat(2_000_000))).status).toBe(413);
    const after = await server.request('GET', PATH, { token: admin });
    expect(typeOf(after.body.payload, 'residential')).toMatchObject({ displayName: 'Residential', enabled: true });
  });

  it('50 saves at once across the five types: none undoes another type’s change, each is audited once', async () => {
    const types = ['mobile', 'isp', 'datacenter', 'ipv6', 'residential'] as const;
    const saves = await Promise.all(
      Array.from({ length: 50 }, (_, i) => put(types[i % 5]!, { ...residential, displayName: `Name ${i}` })),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(50).fill(200));
    const res = await server.request('GET', PATH, { token: admin });
    for (const [i, type] of types.entries()) {
      const names = Array.from({ length: 10 }, (_, k) => `Name ${i + 5 * k}`);
      expect(names).toContain(typeOf(res.body.payload, type).displayName);
    }
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'types-config.update'));
    expect(rows.filter((r) => (r.after as { displayName: string }).displayName.startsWith('Name ')).length).toBe(50);
    await Promise.all(
      types.map((type) =>
        put(type, {
          ...residential,
          displayName: {
            residential: 'Residential',
            mobile: 'Mobile',
            isp: 'ISP',
            datacenter: 'Datacenter',
            ipv6: 'IPv6',
          }[type],
        }),
      ),
    );
  });

  it("keeps a type's backend in agreement with its plans' providers", async () => {
    const plan = await buildPlan(server, { type: 'isp', provider: 'upstream', title: 'ISP resold' });
    const builtin = await put('isp', { ...residential, displayName: 'ISP', backend: 'builtin' });
    expect(builtin.status).toBe(400);
    expect(builtin.body.message).toContain('“ISP resold”');
    // No upstream connection is configured on this server.
    const upstream = await put('datacenter', { ...residential, displayName: 'Datacenter', backend: 'upstream' });
    expect(upstream.status).toBe(400);
    expect(upstream.body.message).toMatch(/^backend: connect the upstream provider/);

    expect((await put('mobile', { ...residential, displayName: 'Mobile', backend: 'builtin' })).status).toBe(200);
    const refused = await server.request('POST', '/api/v1/admin/plans', {
      token: admin,
      body: {
        title: 'Mobile resold',
        type: 'mobile',
        provider: 'upstream',
        price: 10,
        minRenewDays: 1,
        maxRenewDays: 30,
        duration: 30,
        bandwidth: 5,
        throughput: 0,
        threads: 0,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^provider: Mobile proxies are delivered by the built-in gateway/);
    expect((await put('mobile', { ...residential, displayName: 'Mobile', backend: 'plan' })).status).toBe(200);
    expect(plan.id).toBeTruthy();
  });
});

describe('a disabled type', () => {
  it('leaves the catalogue and plan lists, refuses purchase and renewal, while its subscriptions keep generating', async () => {
    await setExits(server, [{ type: '*', country: '*' }]);
    const bought = await customerWithPlan(server, admin, { type: 'datacenter' });
    const plan = await buildPlan(server, { type: 'datacenter', title: 'DC on sale' });
    const named = await put('datacenter', { ...residential, displayName: 'Fast DC', description: 'Quick IPs.' });
    expect(named.status).toBe(200);
    const before = await server.request('GET', '/api/v1/catalogue/plans');
    expect(before.body.payload.plans.map((p: { id: string }) => p.id)).toContain(plan.id);
    expect(before.body.payload.types).toContainEqual({
      type: 'datacenter',
      name: 'Fast DC',
      description: 'Quick IPs.',
    });

    const off = await put('datacenter', { ...residential, displayName: 'Fast DC', enabled: false });
    expect(off.status).toBe(200);
    expect(typeOf(off.body.payload, 'datacenter').enabled).toBe(false);

    const catalogue = await server.request('GET', '/api/v1/catalogue/plans');
    expect(catalogue.body.payload.plans.some((p: { type: string }) => p.type === 'datacenter')).toBe(false);
    expect(catalogue.body.payload.types.some((t: { type: string }) => t.type === 'datacenter')).toBe(false);
    const listed = await server.request('GET', '/api/v1/public/plans', { token: bought.token });
    const decoded = decodePayload<{ plans: { type: string }[] }>(listed.body.payload);
    expect(decoded.plans.some((p) => p.type === 'datacenter')).toBe(false);

    const purchase = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: bought.token,
      body: { value: 2, country: 'US', paymentMethod: 'balance' },
    });
    expect(purchase.status).toBe(400);
    expect(purchase.body.message).toBe('Fast DC proxies are not on sale right now');
    const quote = await server.request('GET', `/api/v1/public/plans/${plan.id}/2`, { token: bought.token });
    expect(quote.status).toBe(400);
    const renew = await server.request('PATCH', `/api/v1/public/subscriptions/${bought.subscriptionId}/renew`, {
      token: bought.token,
      body: { updatingType: 'renew', bandwidth: 2, days: 30, paymentMethod: 'balance' },
    });
    expect(renew.status).toBe(400);
    expect(renew.body.message).toBe('Fast DC proxies are not on sale right now');

    const generated = await server.request('GET', `/api/v1/public/generator/${bought.subscriptionId}?count=2`, {
      token: bought.token,
    });
    expect(generated.status).toBe(200);
    expect(decodePayload<{ lines: string[] }>(generated.body.payload).lines).toHaveLength(2);

    expect((await put('datacenter', { ...residential, displayName: 'Datacenter' })).status).toBe(200);
    const back = await server.request('GET', '/api/v1/catalogue/plans');
    expect(back.body.payload.plans.map((p: { id: string }) => p.id)).toContain(plan.id);
  });
});

describe('list formats', () => {
  it('offers only the formats the type allows; the server refuses others with a 400', async () => {
    const bought = await customerWithPlan(server, admin, { type: 'residential' });
    expect((await put('residential', { ...residential, formats: ['url', 'user:pass@host:port'] })).status).toBe(200);
    const generate = (query: string) =>
      server.request('GET', `/api/v1/public/generator/${bought.subscriptionId}?count=1${query}`, {
        token: bought.token,
      });
    const plain = await generate('');
    const payload = decodePayload<{ formats: string[]; format: string; lines: string[] }>(plain.body.payload);
    expect(payload.formats).toEqual(['url', 'user:pass@host:port']);
    expect(payload.format).toBe('url');
    expect(payload.lines[0]).toMatch(/^http:\/\//);
    const refused = await generate('&format=host:port:user:pass');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('format: Residential lists come as url, user:pass@host:port');
    expect((await generate('&format=user:pass@host:port')).status).toBe(200);
    expect((await put('residential', residential)).status).toBe(200);
  });
});

describe.runIf(shared)('on PostgreSQL with two instances', () => {
  let b: SecondInstance;
  beforeAll(async () => {
    b = await startSecondInstance(server);
  });
  afterAll(() => b?.close());

  it('a type disabled through one instance leaves the other within 5 s', async () => {
    const plan = await buildPlan(server, { type: 'ipv6', title: 'IPv6 on B' });
    const onB = async () =>
      (await b.request('GET', '/api/v1/catalogue/plans')).body.payload.plans.some(
        (p: { id: string }) => p.id === plan.id,
      );
    expect(await onB()).toBe(true);
    expect(await onB()).toBe(true); // cached on B now
    expect((await put('ipv6', { ...residential, displayName: 'IPv6', enabled: false })).status).toBe(200);
    const started = Date.now();
    while (await onB()) {
      expect(Date.now() - started).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await put('ipv6', { ...residential, displayName: 'IPv6' })).status).toBe(200);
  });
});
