import type { Gateway } from '@tollgate/gateway/gateway';
import { allowingOrigin, eventually, getViaConnect, startOrigin } from '@tollgate/gateway/testing/loopback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { customerWithPlan, proxyCredentials, startGatewayNodes, tunnelAnsweredOnEveryNode } from './proxies-helpers';
import { startSecondInstance, type SecondInstance } from './second-instance';

// A settings change made in the staff panel reaches every server instance and every gateway node
// within 5 s, without a restart (issue 14): through the database's change notices for the
// instances' caches (ADR 024), and through the gateway's own re-reading of OwnServers.

const postgres = process.env.TEST_DB === 'postgres';
let server: TestServer;
let admin: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let nodes: Gateway[] = [];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  origin = await startOrigin();
});
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.close()));
  await origin?.close();
  await server?.close();
});

const save = async (body: Record<string, string>) => {
  const res = await server.request('PUT', '/api/v1/admin/settings', { token: admin, body });
  expect(res.status).toBe(200);
  return Date.now();
};

describe.runIf(postgres)('a second server instance', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(server);
  });
  afterAll(() => second?.close());

  it('serves the new landing data within 5 s, though it had the old one cached', async () => {
    await save({ Copyright: '© Before' });
    await eventually(
      async () => (await second.request('GET', '/api/v1/landing')).body.payload.Copyright === '© Before',
      5_000,
    );
    // Served from its cache now; the next change must still show.
    const changed = await save({
      Copyright: '© After',
      SocialLinks: JSON.stringify([{ social: 'Telegram', link: 'https://t.me/after' }]),
      FAQ: JSON.stringify([{ question: 'New?', answer: 'Yes.' }]),
    });
    const landing = await eventually(async () => {
      const res = await second.request('GET', '/api/v1/landing');
      return res.body.payload.Copyright === '© After' ? res.body.payload : false;
    }, 5_000);
    expect(Date.now() - changed).toBeLessThan(5_000);
    expect(landing.SocialLinks.value).toEqual([{ social: 'Telegram', link: 'https://t.me/after' }]);
    expect(landing.FAQ).toEqual([{ question: 'New?', answer: 'Yes.' }]);
  });

  it('prices a renewal with the new table within 5 s', async () => {
    const { token, subscriptionId } = await customerWithPlan(server, admin);
    const quote = async () =>
      (
        await second.request(
          'GET',
          `/api/v1/public/subscriptions/${subscriptionId}/renew-quote?updatingType=bandwidth&bandwidth=10`,
          { token },
        )
      ).body.payload?.subtotal as number | undefined;
    await save({ RenewResiBandwidthPrices: JSON.stringify([{ value: 1, price: 2 }]) });
    await eventually(async () => (await quote()) === 20, 5_000);
    const changed = await save({ RenewResiBandwidthPrices: JSON.stringify([{ value: 1, price: 1.25 }]) });
    await eventually(async () => (await quote()) === 12.5, 5_000);
    expect(Date.now() - changed).toBeLessThan(5_000);
  });
});

describe('gateway nodes', () => {
  it('apply an OwnServers change within 5 s: a newly blocked port, then a removed exit', async () => {
    await save({ OwnServers: JSON.stringify(allowingOrigin()) });
    // Usage flushes once a minute here: the setting must not wait for them.
    nodes = await startGatewayNodes(server);
    const { subscriptionId } = await customerWithPlan(server, admin);
    const creds = await proxyCredentials(server, subscriptionId);
    for (const node of nodes) expect((await getViaConnect(node.httpPort, origin.port, '/', creds)).status).toBe(200);

    const blocked = await save({ OwnServers: JSON.stringify({ ...allowingOrigin(), blockedPorts: [origin.port] }) });
    await tunnelAnsweredOnEveryNode(nodes, origin.port, creds, {
      status: 403,
      reason: `Destination not allowed: port ${origin.port} is blocked on this proxy`,
    });
    expect(Date.now() - blocked).toBeLessThan(5_000);

    const us = { user: `${creds.user}-country-us`, pass: creds.pass };
    const removed = await save({
      OwnServers: JSON.stringify(allowingOrigin({ exits: [{ type: '*', country: 'de' }] })),
    });
    await tunnelAnsweredOnEveryNode(nodes, origin.port, us, { status: 502, reason: 'No exit available for us' });
    expect(Date.now() - removed).toBeLessThan(5_000);
  });
});
