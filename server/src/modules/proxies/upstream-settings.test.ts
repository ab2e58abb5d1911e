import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendFor, UPSTREAM_PROVIDER } from '#platform/proxy-backends/select.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { startFakeUpstreamProxy } from '#test/fake-upstream-proxy-provider.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { STILL_SETTING_UP } from './proxies.service';
import { createUpstreamDelivery } from './upstream-delivery';

const KEY = 'upstream-settings-key';
let server: TestServer;
let upstream: Awaited<ReturnType<typeof startFakeUpstreamProxy>>;
let staff: string;
beforeAll(async () => {
  upstream = await startFakeUpstreamProxy(KEY);
  server = await createTestServer({ env: { UPSTREAM_PROXY_API_URL: upstream.url, UPSTREAM_PROXY_API_KEY: KEY } });
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(async () => {
  await server.close();
  await upstream.close();
});

const provision = () =>
  createUpstreamDelivery({
    db: server.database.db,
    backend: () => backendFor(UPSTREAM_PROVIDER, { UPSTREAM_PROXY_API_URL: upstream.url, UPSTREAM_PROXY_API_KEY: KEY }),
  }).provisionDue();

async function resoldPlan() {
  const account = await server.buildAccount();
  await fund(server, staff, account.id, 100);
  const plan = await buildPlan(server, { provider: 'upstream' });
  const token = await server.tokenFor(account);
  const res = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value: 1, country: 'US', paymentMethod: 'balance' },
  });
  expect(res.status).toBe(200);
  return { id: res.body.payload.subscriptionId as string, token };
}
const row = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
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
    await provision();
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

  it('changes nothing of ours when the provider cannot be reached', async () => {
    const { id, token } = await resoldPlan();
    await provision();
    const before = await row(id);
    upstream.fail(503);
    try {
      const added = await whitelist(token, id, 'add', '198.51.100.9');
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
