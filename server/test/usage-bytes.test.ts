import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayStore } from '#modules/proxies/gateway-store.ts';
import { buildPlan, fund } from './commerce';
import { createTestServer, type TestServer } from './harness';

// Usage to the byte (issue 33, item 3): resellers bill their customers from the reseller API's
// numbers, so a sub-user's usage is the gateway's metered bytes exactly, with GB (two decimals)
// beside them; the customer sees the same bytes on the plan. Before, 1.5 MB showed as 0 GB.
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const MIB = 1024 * 1024;

describe('usage to the byte', () => {
  it('shows the bytes the gateway metered after 1.5 MB through a plan, to the reseller and the customer', async () => {
    const created = await server.request('POST', '/api/v1/admin/reseller', {
      token: adminToken,
      body: {
        ...{ email: 'bytes-reseller@example.test', username: 'bytes_reseller', resiprice: 2, mobileprice: 3 },
        ...{ dataprice1: 1, dataprice7: 1, dataprice30: 1, ispprice: 1, gbvalue: 0, ipv6white: 3, datawhite: 3 },
        value: 0,
      },
    });
    const resellerId = created.body.payload.reseller.id as string;
    await fund(server, adminToken, resellerId, 100);
    const me = { token: await server.tokenFor({ id: resellerId }), key: created.body.payload.apiKey as string };
    const call = (method: string, path: string, body?: unknown) =>
      server.request(method, `/api/v1/reseller/${path}`, {
        token: me.token,
        headers: { 'x-api-key': me.key },
        ...(body === undefined ? {} : { body }),
      });
    const subUser = (await call('POST', 'sub-users', { username: 'bytes_sub', email: 'bytes-sub@example.test' })).body
      .payload.id as string;
    await buildPlan(server);
    // The spec's fields only: region, bandwidth, days.
    const sold = await call('POST', `sub-users/${subUser}/plans`, { region: 'US', bandwidth: 10, days: 30 });
    expect(sold.status).toBe(200);
    const plan = sold.body.payload.subscriptionId as string;

    // The gateway's flushes, as its nodes send them: hourly buckets of bytes in and out.
    const store = createGatewayStore(server.database.db);
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    const report = (bytesIn: number, bytesOut: number) =>
      store.report([{ subscriptionId: plan, hour, country: 'US', bytesIn, bytesOut, requests: 1, failures: 0 }]);
    await report(24_288, MIB);
    await report(100_000, 400_000);
    const metered = 1.5 * MIB;

    const one = (await call('GET', `sub-users/${subUser}`)).body.payload;
    expect(one).toMatchObject({ usedBytes: metered, usedGb: 0 });
    expect(one.plans).toMatchObject([{ id: plan, usedBytes: metered, usedGb: 0 }]);
    expect(one.gbPerDay.at(-1)).toMatchObject({ bytes: metered, gb: 0 });
    const list = (await call('GET', 'sub-users')).body.payload.items;
    expect(list).toMatchObject([{ id: subUser, usedBytes: metered, usedGb: 0 }]);
    const customer = await server.request('GET', `/api/v1/public/subscriptions/${plan}`, {
      token: await server.tokenFor({ id: subUser }),
    });
    expect(customer.body.payload).toMatchObject({ bandwidthUsedBytes: metered, bandwidthUsed: 0 });

    // 20 MB more: 0.02 GB beside the exact bytes.
    await report(0, 20 * MIB);
    const after = (await call('GET', `sub-users/${subUser}`)).body.payload;
    expect(after.plans[0]).toMatchObject({ usedBytes: metered + 20 * MIB, usedGb: 0.02 });
  });
});
