import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@tollgate/contract/client';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { linkFrom, tokenIn } from './auth-helpers';
import { buildPlan, fund, moneyOf } from './commerce';
import { createTestServer, type TestServer } from './harness';

// Issue 33 item 5: the typed client of @tollgate/contract/client against a running shop, over real
// HTTP. A reseller creates a sub-user and sells it a plan (a lost answer is retried with the same
// Idempotency-Key and charges once) and reads its usage in bytes; the sub-user signs in, makes a
// key and lists its plans through the Customer API; anyone lists the plans on sale.
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await createTestServer();
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

/** fetch whose first call reaches the server but whose answer is lost on the way back. */
function losingFirstAnswer() {
  let calls = 0;
  const fetcher: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (++calls === 1) {
      await response.text();
      throw new TypeError('fetch failed: the connection closed before the answer');
    }
    return response;
  };
  return { fetcher, calls: () => calls };
}

describe('the typed client against a running shop', () => {
  it('a reseller sells a sub-user a plan once despite a lost answer, and the sub-user lists it with a key', async () => {
    const made = await server.request('POST', '/api/v1/admin/reseller', {
      token: adminToken,
      body: {
        ...{ email: 'client-reseller@example.test', username: 'client_reseller', resiprice: 2, mobileprice: 3 },
        ...{ dataprice1: 1, dataprice7: 1, dataprice30: 1, ispprice: 1, gbvalue: 0, ipv6white: 3, datawhite: 3 },
        value: 0,
      },
    });
    expect(made.status).toBe(200);
    const resellerId = made.body.payload.reseller.id as string;
    await fund(server, adminToken, resellerId, 100);
    const plan = await buildPlan(server);

    const lossy = losingFirstAnswer();
    const reseller = createClient({
      baseUrl: server.url,
      apiKey: made.body.payload.apiKey as string,
      token: await server.tokenFor({ id: resellerId }),
      fetch: lossy.fetcher,
      retryDelayMs: 1,
    });
    // The lost answer is a read's: retried (a GET is safe), answered the second time.
    const info = await reseller.call('resellerGeneralInfo');
    expect(info).toMatchObject({ ok: true, message: 'General info' });
    expect(lossy.calls()).toBe(2);

    const created = await reseller.call('resellerCreateSubUser', {
      body: { username: 'client_sub', email: 'client-sub@example.test' },
    });
    if (!created.ok) throw new Error(`${created.status} ${created.message}`);
    const subUser = created.data.id;

    const lossySale = losingFirstAnswer();
    const seller = createClient({
      baseUrl: server.url,
      apiKey: made.body.payload.apiKey as string,
      token: await server.tokenFor({ id: resellerId }),
      fetch: lossySale.fetcher,
      retryDelayMs: 1,
    });
    const sold = await seller.call('resellerSellSubUserPlan', {
      params: { id: subUser },
      body: { planId: plan.id, region: 'US', bandwidth: 10, days: 30 },
    });
    if (!sold.ok) throw new Error(`${sold.status} ${sold.message}`);
    expect(sold.message).toBe('Plan purchased');
    expect(lossySale.calls()).toBe(2);
    // Two deliveries of the order, one charge: 10 GB at the reseller's 2 a GB.
    expect(await moneyOf(server, resellerId)).toEqual({ balanceCents: 8000, ledgerCents: 8000 });

    // The same key later answers the first result again and still charges nothing more.
    const again = await seller.call('resellerSellSubUserPlan', {
      params: { id: subUser },
      body: { planId: plan.id, region: 'US', bandwidth: 10, days: 30 },
      idempotencyKey: sold.idempotencyKey!,
    });
    expect(again).toMatchObject({ ok: true, data: { subscriptionId: sold.data.subscriptionId } });
    expect((await moneyOf(server, resellerId)).balanceCents).toBe(8000);

    // Usage to the byte, typed as the contract says.
    await server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: 1_572_864 })
      .where(eq(subscriptions.id, sold.data.subscriptionId));
    const usage = await reseller.call('resellerSubUser', { params: { id: subUser } });
    if (!usage.ok) throw new Error(`${usage.status} ${usage.message}`);
    expect(usage.data.usedBytes).toBe(1_572_864);
    expect(usage.data.plans.map((p) => p.id)).toContain(sold.data.subscriptionId);

    // A refusal is a value with the exact message.
    const unknown = await reseller.call('resellerSubUser', { params: { id: '6f1d2c3b-4a5d-4c55-9a0e-3f1c2b9e8a41' } });
    expect(unknown).toMatchObject({ ok: false, status: 404, message: 'Not Found' });

    // The sub-user: a password from the mailed link, sign-in through the client, a key, its plans.
    const reset = tokenIn(await linkFrom(server, 'client-sub@example.test', '/change-password/'));
    const password = 'Client-sub-password-2026!';
    expect((await server.request('POST', `/api/v1/auth/reset-password/${reset}`, { body: { password } })).status).toBe(
      200,
    );
    const customer = createClient({ baseUrl: server.url });
    const signedIn = await customer.call('login', { body: { login: 'client_sub', password } });
    if (!signedIn.ok || !('accessToken' in signedIn.data)) throw new Error('sign-in failed');
    const key = await server.request('POST', '/api/v1/public/api-keys', {
      token: signedIn.data.accessToken,
      body: { name: 'client test', scope: 'read-only' },
    });
    expect(key.status).toBe(200);
    const withKey = createClient({ baseUrl: server.url, apiKey: key.body.payload.key as string });
    const plans = await withKey.call('customerProxyInfo');
    if (!plans.ok) throw new Error(`${plans.status} ${plans.message}`);
    expect(plans.data.plans).toEqual([
      expect.objectContaining({ id: sold.data.subscriptionId, bandwidthUsedBytes: 1_572_864 }),
    ]);
  });

  it('lists the plans on sale for anyone', async () => {
    await buildPlan(server, { title: 'On sale for the client' });
    const answer = await createClient({ baseUrl: server.url }).call('catalogue');
    if (!answer.ok) throw new Error(`${answer.status} ${answer.message}`);
    expect(answer.message).toBe('Plans list');
    expect(answer.data.plans.map((p) => p.title)).toContain('On sale for the client');
  });
});
