import { startGateway, type Gateway } from '@tollgate/gateway/gateway';
import { allowingOrigin, eventually, getViaConnect, startOrigin } from '@tollgate/gateway/testing/loopback';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan, setOwnServers } from '#test/proxies-helpers.ts';
import { createGatewayStore } from '#modules/proxies/gateway-store.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';

// Two gateway nodes on the shop's database; two exits that leave from different loopback addresses,
// so the origin's /whoami shows which exit a connection took.
let server: TestServer;
let staff: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
const nodes: Gateway[] = [];
beforeAll(async () => {
  ({ server, staff } = await createStaffedServer());
  origin = await startOrigin();
  await setOwnServers(
    server,
    allowingOrigin({
      exits: [
        { type: '*', country: '*', bind: '127.0.0.2' },
        { type: '*', country: '*', bind: '127.0.0.3' },
      ],
    }) as Parameters<typeof setOwnServers>[1],
  );
  for (let i = 0; i < 2; i++)
    nodes.push(
      await startGateway({
        store: createGatewayStore(server.database.db),
        host: '127.0.0.1',
        httpPort: 0,
        socksPort: 0,
        flushIntervalMs: 60_000,
        exitsRefreshMs: 200,
      }),
    );
});
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.close()));
  await origin.close();
  await server.close();
});

async function planWithCredentials() {
  const plan = await customerWithPlan(server, staff);
  const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, plan.subscriptionId));
  return { ...plan, user: row!.proxyUsername!, pass: row!.proxyPassword! };
}
const exitOf = async (node: Gateway, user: string, pass: string) => {
  const res = await getViaConnect(node.httpPort, origin.port, '/whoami', { user, pass });
  expect(res.status).toBe(200);
  return res.body.toString().split('\r\n\r\n').pop()!;
};

describe('sticky-session rotation link', () => {
  it('gives one sticky session a new exit on every gateway node, leaving its other sessions alone', async () => {
    const { token, subscriptionId, user, pass } = await planWithCredentials();
    const sticky = `${user}-session-abc`;
    const other = `${user}-session-keep`;
    const [a, b] = nodes as [Gateway, Gateway];
    const before = {
      a: await exitOf(a, sticky, pass),
      b: await exitOf(b, sticky, pass),
      keep: await exitOf(a, other, pass),
    };
    expect(['127.0.0.2', '127.0.0.3']).toContain(before.a);
    // Sticky: the same exit again on the same node.
    expect(await exitOf(a, sticky, pass)).toBe(before.a);

    const link = await server.request('GET', `/api/v1/public/subscriptions/${subscriptionId}/rotation-link`, { token });
    expect(link.status).toBe(200);
    expect(link.body.payload.url).toBe(`${server.url}/api/v1/rotate/${link.body.payload.token}`);
    const again = await server.request('GET', `/api/v1/public/subscriptions/${subscriptionId}/rotation-link`, {
      token,
    });
    expect(again.body.payload.token).toBe(link.body.payload.token);

    // A script calls it without signing in.
    const rotated = await fetch(`${link.body.payload.url}?session=abc`);
    expect(rotated.status).toBe(200);
    expect((await rotated.json()).payload).toEqual({ session: 'abc', generation: 1, appliesWithinSeconds: 5 });

    await eventually(async () => (await exitOf(a, sticky, pass)) !== before.a, 5_000);
    await eventually(async () => (await exitOf(b, sticky, pass)) !== before.b, 5_000);
    expect(await exitOf(a, other, pass)).toBe(before.keep);
    // The new exit sticks until the next rotation.
    const now = await exitOf(a, sticky, pass);
    expect(await exitOf(a, sticky, pass)).toBe(now);
  });

  it('refuses unknown links, bad sessions and other people’s plans; a reset link stops the old one', async () => {
    const owner = await planWithCredentials();
    const other = await planWithCredentials();
    const { url, token } = (
      await server.request('GET', `/api/v1/public/subscriptions/${owner.subscriptionId}/rotation-link`, {
        token: owner.token,
      })
    ).body.payload;
    expect((await fetch(`${server.url}/api/v1/rotate/${'x'.repeat(32)}?session=abc`)).status).toBe(404);
    expect((await fetch(`${url}`)).status).toBe(400);
    expect((await fetch(`${url}?session=${encodeURIComponent('a-b')}`)).status).toBe(400);
    expect((await fetch(`${url}?session=${'s'.repeat(65)}`)).status).toBe(400);
    for (const method of ['GET', 'POST'])
      expect(
        (
          await server.request(method, `/api/v1/public/subscriptions/${owner.subscriptionId}/rotation-link`, {
            token: other.token,
          })
        ).status,
      ).toBe(404);
    const reset = await server.request('POST', `/api/v1/public/subscriptions/${owner.subscriptionId}/rotation-link`, {
      token: owner.token,
    });
    expect(reset.body.payload.token).not.toBe(token);
    expect((await fetch(`${url}?session=abc`)).status).toBe(404);
    expect((await fetch(`${reset.body.payload.url}?session=abc`)).status).toBe(200);
    expect((await fetch(`${reset.body.payload.url}?session=abc`)).status).toBe(200);
    const third = await (await fetch(`${reset.body.payload.url}?session=abc`)).json();
    expect(third.payload.generation).toBe(3);
  });
});
