import net from 'node:net';
import { connectTunnel, getViaConnect, startOrigin } from '@tollgate/gateway/testing/loopback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan, proxyCredentials } from '#test/proxies-helpers.ts';
import { hostServices, startShopGateway } from './gateway-runner';

// Issue 34, finding 7: with GATEWAY_ALLOWED_TARGETS=127.0.0.1 the shop's own port answered through
// the proxy. The shop, PostgreSQL and Redis are refused on every local address whatever is allowed.
describe('the services sharing the gateway host', () => {
  it("are the shop's port, PostgreSQL's and Redis's, from their URLs", () => {
    expect(
      hostServices({
        PORT: 3100,
        DATABASE_URL: 'postgres://tollgate:secret@127.0.0.1:5433/tollgate',
        REDIS_URL: 'rediss://:secret@localhost:6380/0',
      }),
    ).toEqual([
      { name: 'the shop', port: 3100 },
      { name: 'PostgreSQL', port: 5433 },
      { name: 'Redis', port: 6380 },
    ]);
  });

  it('take the usual ports where a URL names none or there is no URL', () => {
    expect(
      hostServices({ PORT: 3000, DATABASE_URL: 'postgresql://db.internal/tollgate', REDIS_URL: undefined }),
    ).toEqual([
      { name: 'the shop', port: 3000 },
      { name: 'PostgreSQL', port: 5432 },
      { name: 'Redis', port: 6379 },
    ]);
    expect(hostServices({ PORT: 0, DATABASE_URL: undefined, REDIS_URL: 'redis://cache' }).map((s) => s.port)).toEqual([
      5432, 6379,
    ]);
  });
});

describe("the shop's gateway on the shop's host", () => {
  let server: TestServer;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let postgres: net.Server;
  beforeAll(async () => {
    server = await createTestServer();
    origin = await startOrigin();
    // A stand-in for PostgreSQL on loopback, answering any connection.
    postgres = net.createServer((socket) => socket.end('R\n'));
    await new Promise<void>((resolve) => postgres.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    postgres.close();
    await origin.close();
    await server.close();
  });

  it('refuses CONNECT to the shop and PostgreSQL on loopback though GATEWAY_ALLOWED_TARGETS=127.0.0.1', async () => {
    const staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
    const creds = await proxyCredentials(server, (await customerWithPlan(server, staff)).subscriptionId);
    const shopPort = Number(new URL(server.url).port);
    const pgPort = (postgres.address() as net.AddressInfo).port;
    const gateway = await startShopGateway(
      {
        ...server.config,
        PORT: shopPort,
        DATABASE_URL: `postgres://tollgate:secret@127.0.0.1:${pgPort}/tollgate`,
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_HTTP_PORT: 0,
        GATEWAY_SOCKS_PORT: 0,
        GATEWAY_ALLOWED_TARGETS: ['127.0.0.1'],
      },
      server.database.db,
    );
    try {
      const shop = await connectTunnel(gateway.httpPort, `127.0.0.1:${shopPort}`, creds);
      expect([shop.status, shop.reason]).toEqual([
        403,
        `Destination not allowed: 127.0.0.1:${shopPort} is the shop on this host`,
      ]);
      const pg = await connectTunnel(gateway.httpPort, `127.0.0.1:${pgPort}`, creds);
      expect([pg.status, pg.reason]).toEqual([
        403,
        `Destination not allowed: 127.0.0.1:${pgPort} is PostgreSQL on this host`,
      ]);
      // The allowance still works for a test origin on another loopback port.
      expect((await getViaConnect(gateway.httpPort, origin.port, '/', creds)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});
