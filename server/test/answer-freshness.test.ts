import { decodePayload } from '@tollgate/contract/http/encoding';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayStore } from '#modules/proxies/gateway-store.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { startSecondInstance, type SecondInstance } from '#test/second-instance.ts';

// Each instance keeps customers' ready dashboard and usage answers (ADR 024): what changes them must
// show at once on the instance that made the change, and within a second on every other one.
const shared = process.env.TEST_DB === 'postgres';
let a: TestServer;
let b: TestServer | SecondInstance;
let staff: string;

beforeAll(async () => {
  a = await createTestServer();
  b = shared ? await startSecondInstance(a) : a;
  staff = await a.tokenFor(await a.buildAccount({ role: 'Administrator' }));
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

type Dashboard = { balance: number; subscriptions: Subscription[]; stats: { activePlans: number } };
const dashboardOn = async (server: TestServer | SecondInstance, token: string) => {
  const res = await server.request('GET', '/api/v1/public/dashboard', { token });
  expect(res.status).toBe(200);
  return decodePayload<Dashboard>(res.body.payload as string);
};
/** Read twice on both instances, so both hold the answer. */
const warmDashboards = async (token: string) => {
  for (const server of [a, b]) for (let i = 0; i < 2; i++) await dashboardOn(server, token);
};

/** Polls `read` until `seen` holds; fails after one second. */
async function within1s<T>(read: () => Promise<T>, seen: (value: T) => boolean, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (seen(value)) return value;
    if (Date.now() - started > 1_000) throw new Error(`${what} still not seen after 1 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the dashboard', () => {
  it('shows a plan right after it is bought, with the balance it cost, on the instance that sold it', async () => {
    const me = await customerWithPlan(a, staff);
    await warmDashboards(me.token);
    const before = await dashboardOn(a, me.token);
    expect(before.subscriptions).toHaveLength(1);
    const plan = await buildPlan(a, { bandwidthPrices: JSON.stringify([{ value: 1, price: 2 }]) });
    const bought = await a.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: me.token,
      body: { value: 3, country: 'US', paymentMethod: 'balance' },
    });
    expect(bought.status).toBe(200);
    const after = await dashboardOn(a, me.token);
    expect(after.subscriptions.map((s) => s.id)).toContain(bought.body.payload.subscriptionId);
    expect(after.stats.activePlans).toBe(2);
    expect(after.balance).toBeCloseTo(before.balance - 6, 2);
  });

  it(`shows staff adding bandwidth and days ${shared ? 'on the other instance' : ''} within a second`, async () => {
    const me = await customerWithPlan(a, staff, { gb: 5 });
    await warmDashboards(me.token);
    const added = await a.request('PATCH', `/api/v1/admin/subscriptions/${me.subscriptionId}/add`, {
      token: staff,
      body: { bandwidth: 7, reason: 'Goodwill, ticket #4' },
    });
    expect(added.status).toBe(200);
    const mine = (d: Dashboard) => d.subscriptions.find((s) => s.id === me.subscriptionId)!;
    await within1s(
      () => dashboardOn(b, me.token),
      (d) => mine(d).bandwidth === 12,
      'the added bandwidth',
    );

    const expiresAt = mine(await dashboardOn(b, me.token)).expiresAt!;
    const shifted = await a.request('POST', `/api/v1/admin/plantime/${me.subscriptionId}`, {
      token: staff,
      body: { timeToAdd: 2, operationType: 'add', reason: 'Outage, ticket #5' },
    });
    expect(shifted.status).toBe(200);
    const later = await within1s(
      () => dashboardOn(b, me.token),
      (d) => mine(d).expiresAt !== expiresAt,
      'the added days',
    );
    expect(Date.parse(mine(later).expiresAt!) - Date.parse(expiresAt)).toBe(2 * 86_400_000);
  });

  it('never shows a plan as active once its time is up, though nothing was written', async () => {
    const me = await customerWithPlan(a, staff);
    const endsAt = new Date(Date.now() + 1_500);
    await a.database.db.update(subscriptions).set({ expiresAt: endsAt }).where(eq(subscriptions.id, me.subscriptionId));
    await within1s(
      () => dashboardOn(a, me.token),
      (d) => d.subscriptions[0]!.expiresAt === endsAt.toISOString(),
      'the new expiry',
    );
    expect((await dashboardOn(a, me.token)).subscriptions[0]!.status).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, endsAt.getTime() - Date.now() + 5));
    const expired = await dashboardOn(a, me.token);
    expect(expired.subscriptions[0]!.status).toBe('expired');
    expect(expired.stats.activePlans).toBe(0);
  });
});

describe('proxy usage', () => {
  const totalOf = async (server: TestServer | SecondInstance, token: string, subscriptionId: string) => {
    const query = new URLSearchParams({ subscriptionId, granularity: 'day' });
    const res = await server.request('GET', `/api/v1/public/proxy-usage?${query}`, { token });
    expect(res.status).toBe(200);
    return res.body.payload as { totals: { bytesIn: number; requests: number }; bandwidth: { usedBytes: number } };
  };

  it(`shows what the gateway metered on ${shared ? 'every instance' : 'the instance'} within a second`, async () => {
    const me = await customerWithPlan(a, staff);
    for (const server of [a, b]) {
      for (let i = 0; i < 2; i++) expect((await totalOf(server, me.token, me.subscriptionId)).totals.requests).toBe(0);
    }
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    // As a gateway node flushes its meter: buckets and the plan's used bytes in one transaction.
    await createGatewayStore(a.database.db).report([
      {
        subscriptionId: me.subscriptionId,
        hour,
        country: 'us',
        bytesIn: 1_000,
        bytesOut: 500,
        requests: 3,
        failures: 0,
      },
      { subscriptionId: me.subscriptionId, hour, country: 'de', bytesIn: 10, bytesOut: 0, requests: 1, failures: 1 },
    ]);
    for (const server of [a, b]) {
      const seen = await within1s(
        () => totalOf(server, me.token, me.subscriptionId),
        (u) => u.totals.requests === 4,
        'the metered usage',
      );
      expect(seen.totals.bytesIn).toBe(1_010);
      expect(seen.bandwidth.usedBytes).toBe(1_510);
    }
    // A second flush into the same hour adds to the buckets (an update, not an insert).
    await createGatewayStore(a.database.db).report([
      { subscriptionId: me.subscriptionId, hour, country: 'us', bytesIn: 1, bytesOut: 0, requests: 1, failures: 0 },
    ]);
    await within1s(
      () => totalOf(b, me.token, me.subscriptionId),
      (u) => u.totals.requests === 5,
      'the second flush',
    );
  });

  it('keeps one account’s answer from every other account', async () => {
    const me = await customerWithPlan(a, staff);
    await totalOf(a, me.token, me.subscriptionId);
    const other = await a.tokenFor(await a.buildAccount());
    const query = new URLSearchParams({ subscriptionId: me.subscriptionId, granularity: 'day' });
    const theirs = await a.request('GET', `/api/v1/public/proxy-usage?${query}`, { token: other });
    expect(theirs.status).toBe(404);
  });

  it('tells usage writes apart from account changes: the session stays cached', async () => {
    const me = await customerWithPlan(a, staff);
    const notified: string[] = [];
    const stop = await a.database.listen('tollgate_changes', { notify: (p) => notified.push(p), live: () => {} });
    try {
      await createGatewayStore(a.database.db).report([
        {
          subscriptionId: me.subscriptionId,
          hour: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000),
          country: 'us',
          bytesIn: 1,
          bytesOut: 1,
          requests: 1,
          failures: 0,
        },
      ]);
      await within1s(
        async () => notified,
        (n) => n.length > 0,
        'a notification',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      // One per account for the whole flush, and not one that would drop the account's sessions.
      expect(notified).toEqual([`u:${me.account.id}`]);
    } finally {
      await stop();
    }
  });
});
