import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#platform/db/schema.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { subscriptions } from './subscriptions.schema';

let server: TestServer;
let manager: string;
let support: string;
const DAY = 86_400_000;
beforeAll(async () => {
  server = await createTestServer();
  manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
  support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
});
afterAll(() => server.close());

async function purchased() {
  const plan = await buildPlan(server);
  const account = await server.buildAccount();
  await fund(server, manager, account.id, 50);
  const token = await server.tokenFor(account);
  const res = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value: 2, country: 'US', paymentMethod: 'balance' },
  });
  return { id: res.body.payload.subscriptionId as string, account, token, plan };
}
const row = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const actions = async (id: string) =>
  (await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((a) => a.action);

describe('staff subscription tools', () => {
  it('lists with search and type filter (type omitted = all), and shows one with its owner', async () => {
    const { id, account } = await purchased();
    const list = await server.request('GET', `/api/v1/admin/subscriptions?search=${account.username}`, {
      token: manager,
    });
    expect(list.body).toMatchObject({ message: 'Subscriptions list', payload: { total: 1, size: 20 } });
    expect(list.body.payload.items[0]).toMatchObject({
      id,
      account: { id: account.id },
      status: 'active',
      bandwidth: 2,
    });
    expect(list.body.payload.items[0].proxyUsername).toMatch(/^tg[a-z0-9]{12}$/);
    const mobile = await server.request('GET', `/api/v1/admin/subscriptions?type=mobile&search=${account.username}`, {
      token: manager,
    });
    expect(mobile.body.payload.total).toBe(0);
    const bySupport = await server.request('GET', `/api/v1/support/subscriptions?search=${account.username}`, {
      token: support,
    });
    expect(bySupport.body.payload.total).toBe(1);
    expect((await server.request('GET', `/api/v1/admin/subscriptions/${id}`, { token: manager })).body.payload.id).toBe(
      id,
    );
    expect((await server.request('GET', '/api/v1/admin/subscriptions', { token: support })).status).toBe(403);
  });

  it('edits fields, adds bandwidth, adds and subtracts time, all audited; refuses to end before the start', async () => {
    const { id } = await purchased();
    const before = await row(id);
    const edited = await server.request('PATCH', `/api/v1/admin/subscriptions/${id}`, {
      token: manager,
      body: { country: 'DE', autoRenew: true, renewValue: 30 },
    });
    expect(edited.body).toMatchObject({
      message: 'Subscription updated',
      payload: { country: 'DE', autoRenew: true, renewValue: 30 },
    });

    const added = await server.request('PATCH', `/api/v1/support/subscriptions/${id}/add`, {
      token: support,
      body: { bandwidth: 5 },
    });
    expect(added.body.payload.bandwidth).toBe(7);

    await server.request('POST', `/api/v1/admin/plantime/${id}`, {
      token: manager,
      body: { timeToAdd: 10, operationType: 'add' },
    });
    expect((await row(id)).expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(10 * DAY);
    await server.request('POST', `/api/v1/support/plantime/${id}`, {
      token: support,
      body: { timeToAdd: 5, operationType: 'subtract' },
    });
    expect((await row(id)).expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(5 * DAY);
    const beyond = await server.request('POST', `/api/v1/admin/plantime/${id}`, {
      token: manager,
      body: { timeToAdd: 400, operationType: 'subtract' },
    });
    expect(beyond.body).toMatchObject({ status: 400, message: 'Cannot subtract more time than the plan has' });
    expect((await row(id)).expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(5 * DAY);
    const wrongOp = await server.request('POST', `/api/v1/admin/plantime/${id}`, {
      token: manager,
      body: { timeToAdd: 1, operationType: 'double' },
    });
    expect(wrongOp.body.message).toBe('Validation Error');

    expect(await actions(id)).toEqual([
      'subscription.update',
      'subscription.add-bandwidth',
      'subscription.time-add',
      'subscription.time-subtract',
    ]);
  });

  it('subtracting past now expires the plan; resolve re-derives the state', async () => {
    const { id } = await purchased();
    const res = await server.request('POST', `/api/v1/admin/plantime/${id}`, {
      token: manager,
      body: { timeToAdd: 30, operationType: 'subtract' },
    });
    // The plan started moments ago: 30 days off would end it before it began.
    expect(res.status).toBe(400);
    await server.database.db
      .update(subscriptions)
      .set({ startsAt: new Date(Date.now() - 40 * DAY), expiresAt: new Date(Date.now() - DAY), status: 'active' })
      .where(eq(subscriptions.id, id));
    const resolved = await server.request('PATCH', `/api/v1/support/subscriptions/${id}/resolve`, { token: support });
    expect(resolved.body.payload.status).toBe('expired');
    expect((await row(id)).status).toBe('expired');
  });

  it('regenerates the proxy password, sets and resets the whitelist limit', async () => {
    const { id } = await purchased();
    const old = (await row(id)).proxyPassword;
    const regen = await server.request('POST', '/api/v1/admin/resigen', { token: manager, body: { id } });
    expect(regen.body.message).toBe('Credentials regenerated');
    expect((await row(id)).proxyPassword).not.toBe(old);
    expect(JSON.stringify(regen.body.payload)).not.toContain((await row(id)).proxyPassword!);

    const set = await server.request('GET', `/api/v1/admin/setwhitelistlimit/${id}/25`, { token: manager });
    expect(set.body).toMatchObject({ message: 'Whitelist limit updated', payload: { whitelistLimit: 25 } });
    const reset = await server.request('GET', `/api/v1/admin/resetwhitelistlimit/${id}`, { token: manager });
    expect(reset.body.payload.whitelistLimit).toBeNull();
    expect((await server.request('GET', `/api/v1/admin/setwhitelistlimit/${id}/-1`, { token: manager })).status).toBe(
      400,
    );
  });

  it('deletes only the renewal, or the whole subscription (support too); the customer stops seeing it', async () => {
    const { id, token } = await purchased();
    await server.request('PATCH', `/api/v1/admin/subscriptions/${id}`, {
      token: manager,
      body: { autoRenew: true, renewValue: 7 },
    });
    const onlyRenew = await server.request('DELETE', `/api/v1/admin/subscriptions/${id}?deleteOnlyRenew=true`, {
      token: manager,
    });
    expect(onlyRenew.body.message).toBe('Subscription deleted');
    expect(await row(id)).toMatchObject({ autoRenew: false, renewValue: null, status: 'active', deletedAt: null });

    await server.request('DELETE', `/api/v1/support/subscriptions/${id}`, { token: support });
    expect(await row(id)).toMatchObject({ status: 'cancelled' });
    expect((await server.request('GET', `/api/v1/public/subscriptions/${id}`, { token })).status).toBe(404);
  });

  it('adds a plan at no charge (region and additionalField optional); support may add trial plans only', async () => {
    const paid = await buildPlan(server);
    const trial = await buildPlan(server, {
      trial: true,
      bandwidthPrices: '',
      priceCents: 0,
      bandwidthGb: 1,
      durationDays: 1,
    });
    const account = await server.buildAccount();
    const gift = await server.request('POST', `/api/v1/admin/accounts/${account.id}/add-subscription`, {
      token: manager,
      body: { plan: paid.id, region: 'GB', additionalField: 25 },
    });
    expect(gift.body).toMatchObject({
      message: 'Subscription added',
      payload: { country: 'GB', bandwidth: 25, status: 'active', days: 30 },
    });
    const plain = await server.request('POST', `/api/v1/admin/accounts/${account.id}/add-subscription`, {
      token: manager,
      body: { plan: paid.id },
    });
    expect(plain.body.payload).toMatchObject({ bandwidth: 1 });

    const refused = await server.request('POST', `/api/v1/support/accounts/${account.id}/add-subscription`, {
      token: support,
      body: { plan: paid.id },
    });
    expect(refused.status).toBe(403);
    const trialGift = await server.request('POST', `/api/v1/support/accounts/${account.id}/add-subscription`, {
      token: support,
      body: { plan: trial.id },
    });
    expect(trialGift.body.payload).toMatchObject({ bandwidth: 1, days: 1 });
    const blank = await server.request('POST', `/api/v1/admin/accounts/${account.id}/add-subscription`, {
      token: manager,
      body: { plan: paid.id, region: '  ' },
    });
    expect(blank.body.message).toBe('Validation Error');
    const unknown = await server.request(
      'POST',
      '/api/v1/admin/accounts/00000000-0000-4000-8000-000000000000/add-subscription',
      {
        token: manager,
        body: { plan: paid.id },
      },
    );
    expect(unknown.status).toBe(404);
    expect(await actions(gift.body.payload.id)).toEqual(['subscription.add']);
  });
});
