import { decodePayload } from '@tollgate/contract/http/encoding';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyBackendError } from '#platform/proxy-backends/backend.ts';
import { backendFor, UPSTREAM_PROVIDER } from '#platform/proxy-backends/select.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { startFakeUpstreamProxy } from '#test/fake-upstream-proxy-provider.ts';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { STILL_SETTING_UP } from './proxies.service';
import { createUpstreamDelivery } from './upstream-delivery';

const KEY = 'upstream-test-key';
/** The provider counts bandwidth in binary GB. */
const GIB = 1024 ** 3;
let server: TestServer;
let upstream: Awaited<ReturnType<typeof startFakeUpstreamProxy>>;
let staff: string;
beforeAll(async () => {
  upstream = await startFakeUpstreamProxy(KEY);
  // The server talks to the same provider for customers' whitelist and password changes.
  ({ server, staff } = await createStaffedServer({
    env: { UPSTREAM_PROXY_API_URL: upstream.url, UPSTREAM_PROXY_API_KEY: KEY },
  }));
});
afterAll(async () => {
  await server.close();
  await upstream.close();
});

const delivery = () =>
  createUpstreamDelivery({
    db: server.database.db,
    backend: () =>
      backendFor(UPSTREAM_PROVIDER, {
        UPSTREAM_PROXY_API_URL: upstream.url,
        UPSTREAM_PROXY_API_KEY: KEY,
        timeoutMs: 2_000,
      }),
  });

/** A delivery whose provider applies `call` but whose answer never arrives (a timeout after the fact). */
function deliveryLosingAnswersOf(call: 'addBandwidth' | 'addDays') {
  const real = backendFor(UPSTREAM_PROVIDER, { UPSTREAM_PROXY_API_URL: upstream.url, UPSTREAM_PROXY_API_KEY: KEY });
  return createUpstreamDelivery({
    db: server.database.db,
    backend: () => ({
      ...real,
      async [call](ref: string, amount: number, key?: string) {
        await real[call](ref, amount, key);
        throw new ProxyBackendError('The proxy provider is unavailable, please try again later', null, 'timeout');
      },
    }),
  });
}

/** A customer's plan resold from the provider (not yet created there), and the customer's token. */
async function resoldPlan(gb = 1) {
  const account = await server.buildAccount();
  await fund(server, staff, account.id, 100);
  const plan = await buildPlan(server, { provider: 'upstream' });
  const token = await server.tokenFor(account);
  const res = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value: gb, country: 'US', paymentMethod: 'balance' },
  });
  expect(res.status).toBe(200);
  return { id: res.body.payload.subscriptionId as string, token };
}
const row = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('delivery through the upstream reseller API', () => {
  it('creates the plan upstream once, and the customer gets the upstream credentials', async () => {
    const { id } = await resoldPlan();
    expect(await delivery().provisionDue()).toBe(1);
    const after = await row(id);
    const remote = upstream.plans.get(after.upstreamRef!);
    expect(remote).toBeDefined();
    expect(after.proxyUsername).toBe(remote!.username);
    expect(after.proxyPassword).toBe(remote!.password);
    expect(await delivery().provisionDue()).toBe(0);
    expect([...upstream.plans.values()].filter((p) => p.username === after.proxyUsername)).toHaveLength(1);
  });

  it('retries on the next run when the provider is down, without duplicates', async () => {
    const { id } = await resoldPlan();
    upstream.fail(503);
    expect(await delivery().provisionDue()).toBe(0);
    expect((await row(id)).upstreamRef).toBeNull();
    upstream.recover();
    expect(await delivery().provisionDue()).toBe(1);
    expect((await row(id)).upstreamRef).not.toBeNull();
  });

  it('sends GB bought later to the provider once, even when its answer was lost', async () => {
    const { id, token } = await resoldPlan(2);
    await delivery().provisionDue();
    const ref = (await row(id)).upstreamRef!;
    expect(upstream.plans.get(ref)!.bandwidthBytes).toBe(2 * GIB);
    const addGb = (gb: number) =>
      server.request('PATCH', `/api/v1/public/subscriptions/${id}/renew`, {
        token,
        body: { updatingType: 'bandwidth', bandwidth: gb, paymentMethod: 'balance' },
      });
    expect((await addGb(3)).status).toBe(200);

    // The provider applies the change but its answer never arrives, and the customer buys again.
    const answerLost = deliveryLosingAnswersOf('addBandwidth');
    expect(await answerLost.syncBandwidthDue()).toBe(0);
    expect(upstream.plans.get(ref)!.bandwidthBytes).toBe(5 * GIB);
    expect((await addGb(4)).status).toBe(200);

    // The retry sends the same change (replayed, not added again), then the newer GB.
    expect(await delivery().syncBandwidthDue()).toBe(1);
    expect(await delivery().syncBandwidthDue()).toBe(1);
    expect(await delivery().syncBandwidthDue()).toBe(0);
    expect(upstream.plans.get(ref)!.bandwidthBytes).toBe(9 * GIB);
    expect(await row(id)).toMatchObject({ bandwidthGb: 9, upstreamBandwidthGb: 9, upstreamBandwidthTargetGb: null });
  });

  it('sends days a renewal added to the provider once, even when its answer was lost', async () => {
    const { id, token } = await resoldPlan();
    await delivery().provisionDue();
    const ref = (await row(id)).upstreamRef!;
    expect(upstream.plans.get(ref)!.days).toBe(30);
    const extend = (days: number) =>
      server.request('PATCH', `/api/v1/public/subscriptions/${id}/renew`, {
        token,
        body: { updatingType: 'extend', days, paymentMethod: 'balance' },
      });
    expect((await extend(10)).status).toBe(200);

    const answerLost = deliveryLosingAnswersOf('addDays');
    expect(await answerLost.syncDaysDue()).toBe(0);
    expect(upstream.plans.get(ref)!.days).toBe(40);
    expect((await extend(5)).status).toBe(200);

    expect(await delivery().syncDaysDue()).toBe(1);
    expect(await delivery().syncDaysDue()).toBe(1);
    expect(await delivery().syncDaysDue()).toBe(0);
    expect(upstream.plans.get(ref)!.days).toBe(45);
    expect(await row(id)).toMatchObject({ days: 45, upstreamDays: 45, upstreamDaysTarget: null });
    // Days are not GB: nothing was sent as bandwidth.
    expect(await delivery().syncBandwidthDue()).toBe(0);
  });

  it('leaves plans of the built-in gateway alone', async () => {
    const account = await server.buildAccount();
    await fund(server, staff, account.id, 100);
    const plan = await buildPlan(server);
    await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: await server.tokenFor(account),
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    const before = upstream.plans.size;
    await delivery().provisionDue();
    expect(upstream.plans.size).toBe(before);
  });
});

const whitelist = (token: string, id: string, action: 'add' | 'remove', ip: string) =>
  server.request('PATCH', `/api/v1/public/generator/${id}/${action}-whitelist-ip`, { token, body: { ip } });

describe('settings of a plan resold through the upstream reseller API', () => {
  it('sends whitelist edits and a new password to the provider, and keeps ours the same', async () => {
    const { id, token } = await resoldPlan();
    // Until the provider has the plan there is nothing there to change.
    expect((await whitelist(token, id, 'add', '203.0.113.7')).body).toMatchObject({
      status: 400,
      message: STILL_SETTING_UP,
    });
    await delivery().provisionDue();
    const ref = (await row(id)).upstreamRef!;

    const added = await whitelist(token, id, 'add', '203.0.113.7');
    expect(added.status).toBe(200);
    expect(added.body.payload.whitelist).toEqual(['203.0.113.7']);
    expect([...upstream.plans.get(ref)!.whitelist]).toEqual(['203.0.113.7']);
    expect((await whitelist(token, id, 'add', '203.0.113.7')).body.message).toBe('IP already whitelisted');

    expect((await whitelist(token, id, 'remove', '203.0.113.7')).status).toBe(200);
    expect(upstream.plans.get(ref)!.whitelist.size).toBe(0);

    const rotated = await server.request('POST', `/api/v1/auth/changekey/${id}`, { token });
    expect(rotated.status).toBe(200);
    expect(upstream.plans.get(ref)!.password).toBe(rotated.body.payload.password);
    expect((await row(id)).proxyPassword).toBe(rotated.body.payload.password);
  });

  it.each([
    ['is down', 503],
    ['refuses our API key', 401],
  ])('changes nothing of ours when the provider %s, and says it is unavailable', async (_case, status) => {
    const { id, token } = await resoldPlan();
    await delivery().provisionDue();
    const before = await row(id);
    upstream.fail(status, { message: 'Invalid API key' });
    try {
      const added = await whitelist(token, id, 'add', '198.51.100.9');
      // Our setup's trouble, not the customer's request: never a 400 with the provider's words.
      expect(added.body).toMatchObject({
        status: 502,
        message: 'The proxy provider is unavailable, please try again later',
      });
      const rotated = await server.request('POST', `/api/v1/auth/changekey/${id}`, { token });
      expect(rotated.status).toBe(502);
    } finally {
      upstream.recover();
    }
    const after = await row(id);
    expect(after.proxyPassword).toBe(before.proxyPassword);
    expect(after.whitelistCount).toBe(0);
    expect(upstream.plans.get(after.upstreamRef!)!.whitelist.size).toBe(0);
  });
});

interface Generated {
  host: string;
  ports: { http: number; socks5: number };
  lines: string[];
}

describe('the generator of a plan resold through the upstream reseller API', () => {
  const generate = async (token: string, id: string, query: string) => {
    const res = await server.request('GET', `/api/v1/public/generator/${id}?${query}`, { token });
    return { body: res.body, generated: res.status === 200 ? decodePayload<Generated>(res.body.payload) : null };
  };
  const locations = (token: string, id: string, query = '') =>
    server.request('GET', `/api/v1/public/locations/${id}${query ? `?${query}` : ''}`, { token });

  it("lists the provider's host and ports, and offers and checks the provider's geography", async () => {
    const { id, token } = await resoldPlan();
    expect((await generate(token, id, 'count=1')).body).toMatchObject({ status: 400, message: STILL_SETTING_UP });
    await delivery().provisionDue();
    const { proxyUsername: user, proxyPassword: pass } = await row(id);

    const { generated } = await generate(token, id, 'country=us&state=california&city=los_angeles&count=1');
    expect(generated).toMatchObject({ host: 'residential.upstream.test', ports: { http: 7777, socks5: 7778 } });
    expect(generated!.lines).toEqual([
      `residential.upstream.test:7777:${user}-country-us-state-ca-city-los_angeles:${pass}`,
    ]);
    // The provider's lists are reused for a minute: the same list again asks it nothing.
    const asked = () => upstream.requests.filter((r) => r.path.includes('/locations/')).length;
    const before = asked();
    await generate(token, id, 'country=us&state=california&city=los_angeles&count=5');
    expect(asked()).toBe(before);
    const socks = await generate(token, id, 'country=de&porttype=socks5&count=1&format=url');
    expect(socks.generated!.lines).toEqual([`socks5://${user}-country-de:${pass}@residential.upstream.test:7778`]);

    // What the provider does not sell is refused by name, before anyone tries to connect.
    expect((await generate(token, id, 'country=fr&count=1')).body).toMatchObject({
      status: 400,
      message: 'No proxies in France',
    });
    expect((await generate(token, id, 'country=us&state=texas&count=1')).body.message).toBe(
      'No proxies in Texas, United States',
    );
    expect((await generate(token, id, 'country=us&isp=att&count=1')).body.message).toBe(
      'No proxies with ISP att in United States',
    );

    const saveCountry = (geoRegion: string) =>
      server.request('PATCH', `/api/v1/public/proxy-config/${id}`, { token, body: { geoRegion } });
    expect((await saveCountry('fr')).body).toMatchObject({ status: 400, message: 'No proxies in France' });
    expect((await saveCountry('de')).body.payload.geoRegion).toBe('de');

    expect((await locations(token, id)).body.payload.countries).toEqual([
      { code: 'de', name: 'Germany' },
      { code: 'us', name: 'United States' },
    ]);
    expect((await locations(token, id, 'country=us&state=ca')).body.payload).toEqual({
      countries: [
        { code: 'de', name: 'Germany' },
        { code: 'us', name: 'United States' },
      ],
      states: [
        { code: 'ca', name: 'California' },
        { code: 'ny', name: 'New York' },
      ],
      cities: [
        { code: 'los_angeles', name: 'Los Angeles' },
        { code: 'san_francisco', name: 'San Francisco' },
      ],
      isps: ['Comcast', 'Verizon'],
      carriers: [],
    });
  });
});
