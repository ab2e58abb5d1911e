import { decodePayload } from '@tollgate/contract/http/encoding';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import type { Gateway } from '@tollgate/gateway/gateway';
import { connectTunnel, eventually, getViaConnect, getViaSocks } from '@tollgate/gateway/testing/loopback';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPlan, fund } from '#test/commerce.ts';
import { proxyCredentials, useProxyShop } from '#test/proxies-helpers.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { proxyUsageHourly } from './proxies.schema';
import { proxiesRepository } from './proxies.repository';

// The test origin listens on loopback, which the gateway refuses unless staff allow it (ADR 010).
const shop = useProxyShop();

/** A gateway on the shop's database; the auth cache lifetime is the production default unless a test says. */
const gateway = async (authTtlMs?: number) => (await shop.startNodes(1, { authTtlMs }))[0]!;

async function customerWithPlan(planOverrides: Parameters<typeof buildPlan>[1] = {}, value = 1) {
  const account = await shop.server.buildAccount();
  await fund(shop.server, shop.staff, account.id, 200);
  const token = await shop.server.tokenFor(account);
  const plan = await buildPlan(shop.server, planOverrides);
  const res = await shop.server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value, country: 'US', paymentMethod: 'balance' },
  });
  expect(res.status).toBe(200);
  const id = res.body.payload.subscriptionId as string;
  return { token, id, ...(await proxyCredentials(shop.server, id)), planId: plan.id, accountId: account.id };
}

/** Another plan of the same product for the same customer. */
async function buyAgain(sub: Awaited<ReturnType<typeof customerWithPlan>>) {
  const res = await shop.server.request('POST', `/api/v1/public/plans/${sub.planId}/purchase`, {
    token: sub.token,
    body: { value: 1, country: 'US', paymentMethod: 'balance' },
  });
  expect(res.status).toBe(200);
  const id = res.body.payload.subscriptionId as string;
  return { ...sub, id, ...(await proxyCredentials(shop.server, id)) };
}

/**
 * Test clients connect from loopback, which customers can never whitelist (the service refuses
 * it), so the entry is written as the whitelist service writes it, owner row included.
 */
async function whitelistLoopback(sub: { id: string; accountId: string }) {
  await shop.server.database.db.transaction(async (tx) => {
    expect(await proxiesRepository.insertWhitelistIp(tx, sub.id, '127.0.0.1')).toBe(true);
    expect(await proxiesRepository.claimWhitelistOwner(tx, '127.0.0.1', sub.accountId)).toBe(true);
  });
}

const usedBytes = async (id: string) =>
  (await shop.server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.bandwidthUsedBytes;

describe('delivery on the shop database', () => {
  it('lets a bought plan through and writes its metered bytes to the hour bucket and the plan', async () => {
    const sub = await customerWithPlan();
    const g = await gateway();
    const r = await getViaConnect(g.httpPort, shop.origin.port, '/bytes/3000000', sub);
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(3_000_000);
    await g.flush();
    const buckets = await shop.server.database.db
      .select()
      .from(proxyUsageHourly)
      .where(eq(proxyUsageHourly.subscriptionId, sub.id));
    expect(buckets).toHaveLength(1);
    const metered = buckets[0]!.bytesIn + buckets[0]!.bytesOut;
    expect(Math.abs(metered - r.wireBytes) / r.wireBytes).toBeLessThan(0.01);
    expect(buckets[0]!.requests).toBe(1);
    expect(await usedBytes(sub.id)).toBe(metered);
  });

  it('stops a download when the plan runs out, and the dashboard shows it depleted', async () => {
    const sub = await customerWithPlan();
    await shop.server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: BYTES_PER_GB - 5_000_000 })
      .where(eq(subscriptions.id, sub.id));
    const g = await gateway();
    const r = await getViaSocks(g.socksPort, shop.origin.port, '/bytes/10000000', sub);
    expect(r.body.length).toBeGreaterThan(4_500_000);
    expect(r.body.length).toBeLessThan(5_300_000);
    await g.flush();
    const dashboard = await shop.server.request('GET', '/api/v1/public/dashboard', { token: sub.token });
    const mine = decodePayload<{ subscriptions: Array<{ id: string; depleted: boolean }> }>(dashboard.body.payload);
    expect(mine.subscriptions.find((s) => s.id === sub.id)?.depleted).toBe(true);
    const next = await connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`, sub);
    expect(next.status).toBe(407);
    expect(next.reason).toBe('Bandwidth used up');
  });

  it('refuses a wrong password, an expired plan and a plan still waiting for payment', async () => {
    const sub = await customerWithPlan();
    const g = await gateway();
    expect(
      (await connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`, { user: sub.user, pass: 'wrong' })).status,
    ).toBe(407);
    const expired = await customerWithPlan();
    await shop.server.database.db
      .update(subscriptions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(subscriptions.id, expired.id));
    const refused = await connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`, expired);
    expect(refused.reason).toBe('Plan expired');
  });

  it('refuses a GB plan that staff set to 0 GB instead of treating it as unlimited', async () => {
    const sub = await customerWithPlan();
    await shop.server.database.db.update(subscriptions).set({ bandwidthGb: 0 }).where(eq(subscriptions.id, sub.id));
    const g = await gateway();
    const refused = await connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`, sub);
    expect(refused.status).toBe(407);
    expect(refused.reason).toBe('Bandwidth used up');
  });

  it('limits a thread plan to its threads', async () => {
    const sub = await customerWithPlan(
      {
        type: 'isp',
        bandwidthPrices: '',
        threadPrices: JSON.stringify([{ value: 2, price: 3 }]),
      },
      2,
    );
    const g = await gateway();
    const open = await Promise.all([0, 1].map(() => connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`, sub)));
    expect(open.map((t) => t.status)).toEqual([200, 200]);
    const third = await connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`, sub);
    expect(third.status).toBe(429);
    for (const t of open) t.socket.destroy();
  });

  it('adds reports from several gateway nodes without losing any', async () => {
    const sub = await customerWithPlan();
    const nodes = await Promise.all([gateway(), gateway(), gateway()]);
    const results = await Promise.all(
      nodes.map((g) => getViaConnect(g.httpPort, shop.origin.port, '/bytes/1000000', sub)),
    );
    await Promise.all(nodes.map((g) => g.flush()));
    const metered = nodes.reduce((sum, g) => sum + g.meteredBytes(sub.id), 0);
    expect(await usedBytes(sub.id)).toBe(metered);
    const onWire = results.reduce((sum, r) => sum + r.wireBytes, 0);
    expect(Math.abs(metered - onWire) / onWire).toBeLessThan(0.01);
  });
});

describe('customer changes reach the gateway within 5 s', () => {
  it('a rotated proxy password stops the old one', async () => {
    const sub = await customerWithPlan();
    const g = await gateway();
    expect((await getViaConnect(g.httpPort, shop.origin.port, '/', sub)).status).toBe(200);
    const started = Date.now();
    const rotated = await shop.server.request('POST', `/api/v1/auth/changekey/${sub.id}`, { token: sub.token });
    expect(rotated.status).toBe(200);
    await eventually(async () => (await getViaConnect(g.httpPort, shop.origin.port, '/', sub)).status === 407, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    const fresh = await getViaConnect(g.httpPort, shop.origin.port, '/', {
      user: sub.user,
      pass: rotated.body.payload.password,
    });
    expect(fresh.status).toBe(200);
  });

  it('a whitelisted address connects without a password, and stops once removed', async () => {
    const sub = await customerWithPlan();
    const g = await gateway();
    expect((await connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`)).status).toBe(407);
    await whitelistLoopback(sub);
    await eventually(async () => (await getViaConnect(g.httpPort, shop.origin.port, '/')).status === 200, 5_000);
    const remove = await shop.server.request('PATCH', `/api/v1/public/generator/${sub.id}/remove-whitelist-ip`, {
      token: sub.token,
      body: { ip: '127.0.0.1' },
    });
    expect(remove.status).toBe(200);
    const started = Date.now();
    await eventually(async () => (await getViaConnect(g.httpPort, shop.origin.port, '/')).status === 407, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('which plan serves a whitelisted address', () => {
  it('is the plan the username names, else one with bandwidth left, the same on every node', async () => {
    const first = await customerWithPlan();
    const second = await buyAgain(first);
    await whitelistLoopback(first);
    await whitelistLoopback(second);
    const served = async (g: Gateway, user?: string) => {
      const before = [g.meteredBytes(first.id), g.meteredBytes(second.id)];
      const r = await getViaConnect(g.httpPort, shop.origin.port, '/', user === undefined ? {} : { user, pass: '' });
      expect(r.status).toBe(200);
      return g.meteredBytes(first.id) > before[0]! ? first.id : g.meteredBytes(second.id) > before[1]! ? second.id : '';
    };
    const [a, b] = await Promise.all([gateway(), gateway()]);
    const chosen = await served(a);
    expect(await served(b)).toBe(chosen);
    // The username alone (no password) picks the plan, targeting included.
    expect(await served(a, first.user)).toBe(first.id);
    expect(await served(a, `${second.user}-session-abc`)).toBe(second.id);
    // A plan with its bandwidth used up gives way to the one with bandwidth left.
    await shop.server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: BYTES_PER_GB })
      .where(eq(subscriptions.id, chosen));
    const fresh = await gateway();
    expect(await served(fresh)).toBe(chosen === first.id ? second.id : first.id);
    // A username of another account's plan is no way in from this address.
    const stranger = await customerWithPlan();
    const refused = await connectTunnel(fresh.httpPort, `127.0.0.1:${shop.origin.port}`, {
      user: stranger.user,
      pass: '',
    });
    expect(refused.status).toBe(407);
  });
});
