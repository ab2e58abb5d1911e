import { decodePayload } from '@tollgate/contract/http/encoding';
import { parseProxyUsername } from '@tollgate/contract/proxies/proxy-username';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan, setExits } from '#test/proxies-helpers.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';

let server: TestServer;
let staff: string;
beforeAll(async () => {
  ({ server, staff } = await createStaffedServer({
    env: { PROXY_PUBLIC_HOST: 'proxy.example.test', GATEWAY_HTTP_PORT: '8111', GATEWAY_SOCKS_PORT: '1111' },
  }));
});
afterAll(() => server.close());

interface Generated {
  subscription: { id: string; status: string };
  host: string;
  ports: { http: number; socks5: number };
  port: number;
  username: string;
  password: string;
  config: Record<string, unknown>;
  lines: string[];
}

async function generate(token: string, id: string, query = '') {
  const res = await server.request('GET', `/api/v1/public/generator/${id}${query ? `?${query}` : ''}`, { token });
  return { ...res, generated: res.status === 200 ? decodePayload<Generated>(res.body.payload) : null };
}
const row = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('the generator', () => {
  it('answers the connection details and rotating lines in each format, encoded', async () => {
    await setExits(server, [{ type: '*', country: '*' }]);
    const me = await customerWithPlan(server, staff);
    const saved = await row(me.subscriptionId);

    const { body, generated } = await generate(me.token, me.subscriptionId, 'country=DE&count=3');
    expect(body.message).toBe('Generator');
    expect(typeof body.payload).toBe('string');
    const user = saved.proxyUsername!;
    const pass = saved.proxyPassword!;
    expect(generated).toMatchObject({
      subscription: { id: me.subscriptionId, status: 'active' },
      host: 'proxy.example.test',
      ports: { http: 8111, socks5: 1111 },
      port: 8111,
      username: user,
      password: pass,
      config: { geoRegion: null, whitelist: [], whitelistLimit: 10 },
    });
    expect(generated!.lines).toEqual(Array(3).fill(`proxy.example.test:8111:${user}-country-de:${pass}`));

    const at = await generate(me.token, me.subscriptionId, 'country=de&count=1&format=user:pass@host:port');
    expect(at.generated!.lines).toEqual([`${user}-country-de:${pass}@proxy.example.test:8111`]);
    const http = await generate(me.token, me.subscriptionId, 'count=1&format=url');
    expect(http.generated!.lines).toEqual([`http://${user}:${pass}@proxy.example.test:8111`]);
    const socks = await generate(me.token, me.subscriptionId, 'count=1&format=url&porttype=socks5&state=ny&country=us');
    expect(socks.generated!.port).toBe(1111);
    expect(socks.generated!.lines).toEqual([`socks5://${user}-country-us-state-ny:${pass}@proxy.example.test:1111`]);
  });

  it('gives every sticky line its own session and the lifetime asked for', async () => {
    const me = await customerWithPlan(server, staff);
    const { generated } = await generate(
      me.token,
      me.subscriptionId,
      'country=us&city=New%20York%20City&session=sticky&lifetime=45&count=500&format=user:pass@host:port',
    );
    const lines = generated!.lines;
    expect(lines).toHaveLength(500);
    const sessions = lines.map((line) => {
      const parsed = parseProxyUsername(line.split(':')[0]!);
      if (!parsed.ok) throw new Error(parsed.reason);
      expect(parsed.user).toBe(generated!.username);
      expect(parsed.target).toMatchObject({ country: 'us', city: 'new_york_city', lifetime: 45 });
      expect(parsed.target.session).toMatch(/^[a-z0-9]{8}$/);
      return parsed.target.session;
    });
    expect(new Set(sessions).size).toBe(500);
  });

  it('builds the largest list at once and refuses counts outside 1..10000', async () => {
    const me = await customerWithPlan(server, staff);
    const big = await generate(me.token, me.subscriptionId, 'session=sticky&count=10000');
    expect(big.generated!.lines).toHaveLength(10_000);
    expect(new Set(big.generated!.lines).size).toBe(10_000);
    for (const count of ['0', '10001', 'many']) {
      const res = await generate(me.token, me.subscriptionId, `count=${count}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Validation Error');
    }
  });

  it('targets the saved default country when the request names none', async () => {
    await setExits(server, [{ type: '*', country: '*' }]);
    const me = await customerWithPlan(server, staff);
    await server.database.db
      .update(subscriptions)
      .set({ geoRegion: 'fr', city: 'paris' })
      .where(eq(subscriptions.id, me.subscriptionId));
    const { generated } = await generate(me.token, me.subscriptionId, 'count=1');
    expect(generated!.lines[0]).toContain(`${generated!.username}-country-fr-city-paris:`);
    expect(generated!.config).toMatchObject({ geoRegion: 'fr', city: 'paris' });
    const asked = await generate(me.token, me.subscriptionId, 'count=1&country=it');
    expect(asked.generated!.lines[0]).toContain(`${generated!.username}-country-it:`);
  });

  it('offers only what the exits serve: their countries, states, cities and ISPs', async () => {
    await setExits(server, [
      { type: 'residential', country: 'de' },
      { type: 'residential', country: 'us', state: 'ny', city: 'new_york', isp: 'Comcast Cable' },
      { type: 'mobile', country: 'fr' },
    ]);
    const me = await customerWithPlan(server, staff);
    const ask = (query: string) => generate(me.token, me.subscriptionId, `count=1&${query}`);

    expect((await ask('country=de&state=be')).generated!.lines[0]).toContain('-country-de-state-be:');
    expect((await ask('country=us&state=ny&city=new_york&isp=comcast_cable')).generated!.lines[0]).toContain(
      '-country-us-state-ny-city-new_york-isp-comcast_cable:',
    );
    const refusals: [string, string][] = [
      ['country=fr', 'No exit in France'],
      ['country=gb', 'No exit in United Kingdom'],
      ['country=zz', "Unknown country 'zz': use an ISO 3166 two-letter code"],
      ['country=us&state=ca', 'No exit in California, United States'],
      ['country=us&state=ny&city=buffalo', 'No exit in Buffalo, United States'],
      ['country=de&isp=comcast', 'No exit with ISP comcast in Germany'],
      ['state=ny', 'Choose a country before a state'],
    ];
    for (const [query, message] of refusals) {
      const res = await ask(query);
      expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message });
    }
    await setExits(server, [{ type: '*', country: '*' }]);
  });

  it('is for the owner of a running plan only', async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    const theirs = await generate(other.token, me.subscriptionId);
    expect(theirs.status).toBe(404);
    expect((await generate(me.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.request('GET', `/api/v1/public/generator/${me.subscriptionId}`)).status).toBe(403);

    for (const change of [
      { expiresAt: sql`now() - interval '1 minute'` },
      { status: 'expired' as const },
      { status: 'cancelled' as const },
      { status: 'pending' as const },
    ]) {
      const fresh = await customerWithPlan(server, staff);
      await server.database.db.update(subscriptions).set(change).where(eq(subscriptions.id, fresh.subscriptionId));
      const res = await generate(fresh.token, fresh.subscriptionId);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Plan expired');
    }
  });
});

describe('the generator’s kept plan rows (ADR 055)', () => {
  it('shows the owner’s own change in the next list, and one written elsewhere as soon as the database says so', async () => {
    const me = await customerWithPlan(server, staff);
    const first = await generate(me.token, me.subscriptionId, 'count=1');
    expect(first.generated!.config.whitelist).toEqual([]);

    // The customer's own write: read back at once, not after the NOTIFY round trip.
    const added = await server.request('PATCH', `/api/v1/public/generator/${me.subscriptionId}/add-whitelist-ip`, {
      token: me.token,
      body: { ip: '203.0.113.77' },
    });
    expect(added.status).toBe(200);
    expect((await generate(me.token, me.subscriptionId, 'count=1')).generated!.config.whitelist).toEqual([
      '203.0.113.77',
    ]);

    // Another instance (or staff, or a job) changes the plan: this process hears it from the database.
    await server.database.db
      .update(subscriptions)
      .set({ proxyPassword: 'changedElsewhere42' })
      .where(eq(subscriptions.id, me.subscriptionId));
    await expect
      .poll(async () => (await generate(me.token, me.subscriptionId, 'count=1')).generated?.password, {
        timeout: 2_000,
      })
      .toBe('changedElsewhere42');

    await server.database.db
      .update(subscriptions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(subscriptions.id, me.subscriptionId));
    await expect
      .poll(async () => (await generate(me.token, me.subscriptionId, 'count=1')).body.message, { timeout: 2_000 })
      .toBe('Plan expired');
  });
});

describe('changing the proxy password', () => {
  it('gives my plan a new random password and keeps the username', async () => {
    const me = await customerWithPlan(server, staff);
    const before = await row(me.subscriptionId);
    const res = await server.request('POST', `/api/v1/auth/changekey/${me.subscriptionId}`, { token: me.token });
    expect(res.body.message).toBe('Proxy password changed');
    expect(res.body.payload.username).toBe(before.proxyUsername);
    expect(res.body.payload.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(res.body.payload.password).not.toBe(before.proxyPassword);
    expect((await row(me.subscriptionId)).proxyPassword).toBe(res.body.payload.password);
    const { generated } = await generate(me.token, me.subscriptionId, 'count=1');
    expect(generated!.password).toBe(res.body.payload.password);
  });

  it('refuses someone else’s plan and a finished one, changing nothing', async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    const before = await row(me.subscriptionId);
    const theirs = await server.request('POST', `/api/v1/auth/changekey/${me.subscriptionId}`, { token: other.token });
    expect(theirs.status).toBe(404);
    await server.database.db
      .update(subscriptions)
      .set({ status: 'expired' })
      .where(eq(subscriptions.id, me.subscriptionId));
    const expired = await server.request('POST', `/api/v1/auth/changekey/${me.subscriptionId}`, { token: me.token });
    expect(expired.body).toMatchObject({ status: 400, message: 'Plan expired' });
    expect((await row(me.subscriptionId)).proxyPassword).toBe(before.proxyPassword);
  });
});
