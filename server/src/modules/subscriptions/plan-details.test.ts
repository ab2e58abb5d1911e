import { decodePayload } from '@tollgate/contract/http/encoding';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#platform/mail/mailer.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { subscriptionJobsFrom } from '../../compose';
import { subscriptions } from './subscriptions.schema';

let server: TestServer;
let staff: string;
beforeAll(async () => void ({ server, staff } = await createStaffedServer()));
afterAll(() => server.close());

async function customerWithPlans(count: number, balance = 100, planOverrides = {}) {
  const account = await server.buildAccount();
  await fund(server, staff, account.id, balance);
  const token = await server.tokenFor(account);
  const plan = await buildPlan(server, planOverrides);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token,
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    ids.push(res.body.payload.subscriptionId as string);
  }
  return { account, token, ids };
}
const rename = (token: string, id: string, label: unknown) =>
  server.request('PATCH', `/api/v1/public/subscriptions/${id}/label`, { token, body: { label } });
const labelOf = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.label;

describe('naming a plan', () => {
  it('tells two plans of one product apart on the dashboard by name and proxy username', async () => {
    const me = await customerWithPlans(2);
    const named = await rename(me.token, me.ids[0]!, '  Scraper EU  ');
    expect(named.body).toMatchObject({ status: 200, message: 'Plan name saved', payload: { label: 'Scraper EU' } });
    await rename(me.token, me.ids[1]!, 'Sneakers');
    const res = await server.request('GET', '/api/v1/public/dashboard', { token: me.token });
    const plans = decodePayload<{ subscriptions: { id: string; label: string; proxyUsername: string }[] }>(
      res.body.payload,
    ).subscriptions;
    const byId = new Map(plans.map((p) => [p.id, p]));
    expect(byId.get(me.ids[0]!)!.label).toBe('Scraper EU');
    expect(byId.get(me.ids[1]!)!.label).toBe('Sneakers');
    expect(byId.get(me.ids[0]!)!.proxyUsername).toMatch(/\w+/);
    expect(byId.get(me.ids[0]!)!.proxyUsername).not.toBe(byId.get(me.ids[1]!)!.proxyUsername);
  });

  it('clears the name with an empty string or null', async () => {
    const me = await customerWithPlans(1);
    await rename(me.token, me.ids[0]!, 'Temp');
    expect((await rename(me.token, me.ids[0]!, '   ')).body.payload.label).toBeNull();
    await rename(me.token, me.ids[0]!, 'Temp');
    expect((await rename(me.token, me.ids[0]!, null)).body.payload.label).toBeNull();
  });

  it("refuses someone else's plan and an unknown id, changing nothing", async () => {
    const me = await customerWithPlans(1);
    const other = await customerWithPlans(1);
    await rename(me.token, me.ids[0]!, 'Mine');
    expect((await rename(other.token, me.ids[0]!, 'Stolen')).status).toBe(404);
    expect((await rename(me.token, '00000000-0000-4000-8000-000000000000', 'X')).status).toBe(404);
    expect((await rename(me.token, 'not-a-uuid', 'X')).status).toBe(400);
    expect(await labelOf(me.ids[0]!)).toBe('Mine');
  });

  it('refuses names that are too long, carry control characters or bidi overrides, or are not text', async () => {
    const me = await customerWithPlans(1);
    await rename(me.token, me.ids[0]!, 'Kept');
    for (const bad of ['x'.repeat(41), 'two\nlines', 'tab\there', 'nul\u0000', 'evil\u202Etxt.exe', 42, { a: 1 }]) {
      const res = await rename(me.token, me.ids[0]!, bad);
      expect({ bad, status: res.status, message: res.body.message }).toEqual({
        bad,
        status: 400,
        message: 'Validation Error',
      });
    }
    expect((await rename(me.token, me.ids[0]!, 'x'.repeat(40))).status).toBe(200);
    expect((await rename(me.token, me.ids[0]!, 'Ünïcødé 東京 🚀')).body.payload.label).toBe('Ünïcødé 東京 🚀');
  });
});

describe('usage under a gigabyte', () => {
  it('is told in exact bytes, per plan and in the dashboard total, not rounded to 0 GB', async () => {
    const me = await customerWithPlans(2);
    for (const [i, bytes] of [3 * 1024 ** 2, 700 * 1024].entries()) {
      await server.database.db
        .update(subscriptions)
        .set({ bandwidthUsedBytes: bytes })
        .where(eq(subscriptions.id, me.ids[i]!));
    }
    const res = await server.request('GET', '/api/v1/public/dashboard', { token: me.token });
    const dashboard = decodePayload<{
      stats: { bandwidthUsed: number; bandwidthUsedBytes: number };
      subscriptions: { id: string; bandwidthUsed: number; bandwidthUsedBytes: number }[];
    }>(res.body.payload);
    const first = dashboard.subscriptions.find((s) => s.id === me.ids[0])!;
    expect(first).toMatchObject({ bandwidthUsed: 0, bandwidthUsedBytes: 3 * 1024 ** 2 });
    expect(dashboard.stats.bandwidthUsedBytes).toBe(3 * 1024 ** 2 + 700 * 1024);
  });
});

describe('the next automatic renewal', () => {
  const next = (token: string, id: string) =>
    server.request('GET', `/api/v1/public/subscriptions/${id}/next-renewal`, { token });

  it('announces the amount and date the auto-renewer then charges', async () => {
    const me = await customerWithPlans(1, 100, { priceCents: 3000 });
    const id = me.ids[0]!;
    await server.request('POST', '/api/v1/public/autorenew/status', {
      token: me.token,
      body: { subscriptionId: id, status: true },
    });
    await server.request('POST', '/api/v1/public/autorenew/set', {
      token: me.token,
      body: { subscriptionId: id, renewvalue: 7 },
    });
    const res = await next(me.token, id);
    expect(res.body.message).toBe('Next renewal');
    const announced = res.body.payload;
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(announced).toMatchObject({ subscriptionId: id, autoRenew: true, days: 7, covered: true, problem: null });
    expect(announced.amount).toBeGreaterThan(0);
    expect(new Date(announced.chargeAt).getTime()).toBe(row!.expiresAt!.getTime() - 86_400_000);

    const before = await moneyOf(server, me.account.id);
    const jobs = subscriptionJobsFrom(
      server.config,
      server.database.db,
      createMailer({ from: 'test@tollgate.local', dataDir: server.config.DATA_DIR }),
      server.url,
    );
    expect(await jobs.autoRenewDue(new Date(row!.expiresAt!.getTime() - 3_600_000))).toEqual({ renewed: 1, failed: 0 });
    const after = await moneyOf(server, me.account.id);
    expect(before.balanceCents - after.balanceCents).toBe(Math.round(announced.amount * 100));
  });

  it('warns when the balance cannot cover it, and says nothing is due while auto-renew is off', async () => {
    const me = await customerWithPlans(1, 31, { priceCents: 3000 });
    const id = me.ids[0]!;
    expect((await next(me.token, id)).body.payload).toMatchObject({ autoRenew: false, amount: null, chargeAt: null });
    await server.request('POST', '/api/v1/public/autorenew/status', {
      token: me.token,
      body: { subscriptionId: id, status: true },
    });
    const short = (await next(me.token, id)).body.payload;
    expect(short.amount).toBeGreaterThan(short.balance);
    expect(short.covered).toBe(false);
  });

  it("is not told about someone else's plan", async () => {
    const me = await customerWithPlans(1);
    const other = await customerWithPlans(1);
    expect((await next(other.token, me.ids[0]!)).status).toBe(404);
  });
});
