import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { proxyUsageHourly } from '../proxies/proxies.schema';

let server: TestServer;
let admin: string;
let manager: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
});
afterAll(() => server.close());

const DAY = 86_400_000;
const traffic = (id: string, token: string | undefined) =>
  server.request('GET', `/api/v1/admin/subscriptions/${id}/traffic`, { token });
/** The start of the UTC hour `daysAgo` days before now, as the gateway writes it. */
const hourDaysAgo = (daysAgo: number) => new Date(Math.floor((Date.now() - daysAgo * DAY) / 3_600_000) * 3_600_000);

describe('GET /admin/subscriptions/{id}/traffic', () => {
  it('answers the customer’s whitelist and 30 days of GB per day, oldest first, with zeros for quiet days', async () => {
    const { subscriptionId: id, token } = await customerWithPlan(server, admin);
    for (const ip of ['203.0.113.7', '2001:db8::1']) {
      const added = await server.request('PATCH', `/api/v1/public/generator/${id}/add-whitelist-ip`, {
        token,
        body: { ip },
      });
      expect(added.status).toBe(200);
    }
    await server.database.db.insert(proxyUsageHourly).values([
      { subscriptionId: id, hour: hourDaysAgo(0), country: 'US', bytesIn: BYTES_PER_GB / 2, bytesOut: BYTES_PER_GB },
      { subscriptionId: id, hour: hourDaysAgo(2), country: 'DE', bytesIn: 0, bytesOut: BYTES_PER_GB / 4 },
      // Older than the chart: left out.
      { subscriptionId: id, hour: hourDaysAgo(45), country: 'US', bytesIn: 0, bytesOut: 9 * BYTES_PER_GB },
    ]);

    const res = await traffic(id, manager);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subscription traffic');
    const payload = res.body.payload as {
      whitelist: { ip: string; addedAt: string }[];
      gbPerDay: { day: string; gb: number }[];
    };
    expect(payload.whitelist.map((w) => w.ip)).toEqual(['203.0.113.7', '2001:db8::1']);
    expect(Date.parse(payload.whitelist[0]!.addedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(payload.gbPerDay).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(payload.gbPerDay.at(-1)).toEqual({ day: today, gb: 1.5 });
    expect(payload.gbPerDay.find((d) => d.day === hourDaysAgo(2).toISOString().slice(0, 10))?.gb).toBe(0.25);
    expect(payload.gbPerDay.reduce((sum, d) => sum + d.gb, 0)).toBe(1.75);
  });

  it('answers an empty whitelist and 30 zero days for a plan nobody used', async () => {
    const { subscriptionId: id } = await customerWithPlan(server, admin);
    const res = await traffic(id, admin);
    expect(res.status).toBe(200);
    expect(res.body.payload.whitelist).toEqual([]);
    expect(res.body.payload.gbPerDay).toHaveLength(30);
    expect(res.body.payload.gbPerDay.every((d: { gb: number }) => d.gb === 0)).toBe(true);
  });

  it('is refused to Support, to customers (even the owner) and to resellers, and unauthorized without a token', async () => {
    const { subscriptionId: id, token: owner } = await customerWithPlan(server, admin);
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    const stranger = await server.tokenFor(await server.buildAccount());
    const reseller = await server.tokenFor(await server.buildAccount({ reseller: true }));
    for (const token of [support, owner, stranger, reseller]) {
      const res = await traffic(id, token);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('gbPerDay');
    }
    const anonymous = await traffic(id, undefined);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe('unauthorized');
  });

  it('answers 404 for an unknown id 400 for garbage and 414 for huge ids, never 500', async () => {
    expect((await traffic('00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
    for (const bad of ['nope', '1%20or%201=1', "'%3B--", '00000000-0000-4000-8000-00000000000g', '-1', '0']) {
      const res = await traffic(bad, admin);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Validation Error');
    }
    // Ids longer than any path the server takes are turned away before routing.
    for (const huge of ['a'.repeat(5000), `${'f'.repeat(8)}-0000-4000-8000-${'0'.repeat(4000)}`]) {
      expect((await traffic(huge, admin)).status).toBe(414);
    }
    // An uppercase spelling of an unknown id is still an id: 404, not a crash.
    expect((await traffic('ABCDEF00-0000-4000-8000-000000000000', admin)).status).toBe(404);
  });
});
