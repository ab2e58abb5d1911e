import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { ledgerEntries } from '#platform/db/schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

// A reseller's calls on its sub-users' plans (issue 17, ADR 041): deleting one gives back what the
// product allows, the plan-change calls charge the reseller and change the sub-user's plan, and
// the sub-user page shows metered usage.
let server: TestServer;
let adminToken: string;
let n = 0;
let ip = 0;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;
type Caller = { key: string; token: string };
let idem = 0;
const newIdem = () => `sub-plan-${Date.now()}-${++idem}`;

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  who: Caller,
  options: { body?: unknown; idem?: string } = {},
) {
  return server.request(method, `/api/v1/reseller/${path}`, {
    token: who.token,
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: {
      'x-forwarded-for': nextIp(),
      'x-api-key': who.key,
      ...(options.idem ? { 'idempotency-key': options.idem } : {}),
    },
  });
}

async function reseller(gbvalue = 0) {
  const i = ++n;
  const res = await server.request('POST', '/api/v1/admin/reseller', {
    token: adminToken,
    body: {
      email: `sub-plan-reseller${i}@example.test`,
      username: `sub_plan_reseller_${i}`,
      resiprice: 2,
      mobileprice: 3,
      dataprice1: 0.5,
      dataprice7: 1,
      dataprice30: 2,
      ispprice: 3,
      gbvalue,
      ipv6white: 5,
      datawhite: 3,
      value: 0,
    },
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(res.status).toBe(200);
  const id = res.body.payload.reseller.id as string;
  await fund(server, adminToken, id, 100);
  const me = { id, key: res.body.payload.apiKey as string, token: await server.tokenFor({ id }) };
  const created = await call('POST', 'sub-users', me, {
    body: { username: `sub_plan_user_${i}`, email: `sub-plan-user${i}@example.test` },
  });
  expect(created.status).toBe(200);
  return { ...me, subId: created.body.payload.id as string };
}

type Reseller = Awaited<ReturnType<typeof reseller>>;
const plans: Record<string, string> = {};
async function catalogue(type: 'residential' | 'mobile' | 'datacenter') {
  plans[type] ??= (
    type === 'datacenter'
      ? await buildPlan(server, {
          type,
          title: 'DC sub-user',
          bandwidthPrices: '',
          threadPrices: JSON.stringify([{ value: 1, price: 1 }]),
        })
      : await buildPlan(server, { type, title: `${type} sub-user` })
  ).id;
  return plans[type];
}

async function sell(me: Reseller, type: 'residential' | 'mobile' | 'datacenter', amount: number) {
  const planId = await catalogue(type);
  const body =
    type === 'datacenter'
      ? { planId, region: 'US', threads: amount, days: 30 }
      : { planId, region: 'US', bandwidth: amount, days: 30 };
  const sold = await call('POST', `sub-users/${me.subId}/plans`, me, { body, idem: newIdem() });
  expect([sold.status, sold.body.message]).toEqual([200, 'Plan purchased']);
  return sold.body.payload.subscriptionId as string;
}

const useBytes = (id: string, bytes: number) =>
  server.database.db
    .update(subscriptions)
    .set({ bandwidthUsedBytes: Math.round(bytes) })
    .where(eq(subscriptions.id, id));
const remove = (me: Reseller, subscriptionId: string, subId = me.subId) =>
  call('DELETE', `sub-users/${subId}/plans/${subscriptionId}`, me);
const poolOf = async (me: Reseller) => (await call('GET', 'generalinfo', me)).body.payload.gbvalue as number;

describe('deleting a sub-user’s plan', () => {
  it('residential: ends the plan at once and puts the unused whole GB back into the prepaid pool', async () => {
    const me = await reseller();
    const plan = await sell(me, 'residential', 10);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 8000, ledgerCents: 8000 });
    await useBytes(plan, 3.5 * BYTES_PER_GB);

    const res = await remove(me, plan);
    expect([res.status, res.body.message]).toEqual([200, 'Plan deleted']);
    expect(res.body.payload).toEqual({ plan, returnedGb: 6, returnedBalance: 0, balance: 80, poolGbLeft: 6 });
    expect(await poolOf(me)).toBe(6);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 8000, ledgerCents: 8000 });
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, plan));
    expect(row).toMatchObject({ status: 'cancelled', autoRenew: false });
    expect(row!.deletedAt).not.toBeNull();

    // Ended: a second delete is refused and returns nothing; the sub-user no longer has it.
    const again = await remove(me, plan);
    expect([again.status, again.body.message]).toEqual([400, 'This plan has already ended']);
    expect(await poolOf(me)).toBe(6);
    const sub = await call('GET', `sub-users/${me.subId}`, me);
    expect(sub.body.payload).toMatchObject({ activePlans: 0, plans: [] });
    const subToken = await server.tokenFor({ id: me.subId });
    expect((await server.request('GET', `/api/v1/public/subscriptions/${plan}`, { token: subToken })).status).toBe(404);

    // The pool's GB pay for the next residential order first.
    await sell(me, 'residential', 4);
    expect(await poolOf(me)).toBe(2);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 8000, ledgerCents: 8000 });
  });

  it('mobile: unused whole GB come back as balance at the price paid per GB, through the ledger', async () => {
    const me = await reseller();
    const plan = await sell(me, 'mobile', 10); // 10 GB x $3
    // More GB on the sub-user's plan through the API: charged to the reseller, added to the sub-user's plan.
    const added = await call('POST', 'gigabyte/mobile', me, { body: { plan, gb: 5 }, idem: newIdem() });
    expect([added.status, added.body.payload.total, added.body.payload.balance]).toEqual([200, 15, 55]);
    await useBytes(plan, 4.2 * BYTES_PER_GB);

    const res = await remove(me, plan);
    expect(res.status).toBe(200);
    // 15 GB paid $45; 10 whole GB unused -> $30 back.
    expect(res.body.payload).toEqual({ plan, returnedGb: 0, returnedBalance: 30, balance: 85, poolGbLeft: 0 });
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 8500, ledgerCents: 8500 });
    const credits = await server.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, me.id), eq(ledgerEntries.kind, 'refund')));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amountCents: 3000, reference: plan });
    expect(credits[0]!.reason).toContain('Unused mobile GB');
    expect(await moneyOf(server, me.subId)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('a used-up mobile plan ends and returns nothing; IP products return nothing either', async () => {
    const me = await reseller();
    const mobile = await sell(me, 'mobile', 2);
    await useBytes(mobile, 2 * BYTES_PER_GB + 1);
    expect((await remove(me, mobile)).body.payload).toEqual({
      plan: mobile,
      returnedGb: 0,
      returnedBalance: 0,
      balance: 94,
      poolGbLeft: 0,
    });
    const dc = await sell(me, 'datacenter', 3); // 3 IPs x $2 for 30 days
    const res = await remove(me, dc);
    expect([res.status, res.body.payload]).toEqual([
      200,
      { plan: dc, returnedGb: 0, returnedBalance: 0, balance: 88, poolGbLeft: 0 },
    ]);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 8800, ledgerCents: 8800 });
  });

  it('only the reseller’s own sub-user’s live plan: another reseller 404, another plan 404, bad ids 400', async () => {
    const me = await reseller();
    const plan = await sell(me, 'residential', 2);
    const other = await reseller();
    const theirs = await remove(other, plan, me.subId);
    expect([theirs.status, theirs.body.payload.error]).toEqual([404, 'No such sub-user']);
    // Their own sub-user's path does not reach my sub-user's plan either.
    const crossed = await remove(other, plan, other.subId);
    expect([crossed.status, crossed.body.payload.error]).toEqual([404, 'No such plan of this sub-user']);
    // The reseller's own plan is not a sub-user's plan.
    const own = await call('POST', 'purchase', me, {
      body: { planId: await catalogue('residential'), quantity: 1, country: 'US' },
      idem: newIdem(),
    });
    expect((await remove(me, own.body.payload.subscriptionId)).status).toBe(404);
    const bad = await call('DELETE', `sub-users/${me.subId}/plans/not-a-uuid`, me);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('planId');
    // An expired plan has ended already.
    await server.database.db
      .update(subscriptions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(subscriptions.id, plan));
    expect((await remove(me, plan)).status).toBe(400);
    expect(await poolOf(me)).toBe(0);
    expect(await moneyOf(server, other.id)).toEqual({ balanceCents: 10000, ledgerCents: 10000 });
  });

  it('20 parallel deletes of one plan return its GB exactly once', async () => {
    const me = await reseller();
    const resi = await sell(me, 'residential', 7);
    const mobile = await sell(me, 'mobile', 4);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => remove(me, resi)),
      ...Array.from({ length: 20 }, () => remove(me, mobile)),
    ]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(38);
    expect(await poolOf(me)).toBe(7);
    // $100 - $14 - $12 + $12 back.
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 8600, ledgerCents: 8600 });
  });
});

describe('the reseller’s plan calls on a sub-user’s plan', () => {
  it('extend charges the reseller at its price and extends the sub-user’s plan; another reseller gets 404', async () => {
    const me = await reseller();
    const dc = await sell(me, 'datacenter', 2); // $4
    const quote = await call('POST', 'extend/extend-calculate', me, { body: { plan: dc, days: 7 } });
    expect([quote.status, quote.body.payload]).toEqual([200, { plan: dc, days: 7, total: 2 }]);
    const [before] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, dc));
    const extended = await call('PATCH', 'extend/plan-extend', me, { body: { plan: dc, days: 7 }, idem: newIdem() });
    expect([extended.status, extended.body.payload.total, extended.body.payload.balance]).toEqual([200, 2, 94]);
    const [after] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, dc));
    expect(after!.accountId).toBe(me.subId);
    expect(after!.expiresAt!.getTime() - before!.expiresAt!.getTime()).toBe(7 * 86_400_000);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 9400, ledgerCents: 9400 });
    expect(await moneyOf(server, me.subId)).toEqual({ balanceCents: 0, ledgerCents: 0 });

    const other = await reseller();
    for (const [method, path, body] of [
      ['POST', 'extend/extend-calculate', { plan: dc, days: 7 }],
      ['PATCH', 'extend/plan-extend', { plan: dc, days: 7 }],
      ['POST', 'gigabyte/residential', { plan: dc, gb: 1 }],
    ] as const) {
      const res = await call(method, path, other, { body, idem: newIdem() });
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect(await moneyOf(server, other.id)).toEqual({ balanceCents: 10000, ledgerCents: 10000 });
  });

  it('adding residential GB to a sub-user’s plan takes the reseller’s pool first', async () => {
    const me = await reseller(3);
    const plan = await sell(me, 'residential', 2); // from the pool: 1 GB left
    const added = await call('POST', 'gigabyte/residential', me, { body: { plan, gb: 4 }, idem: newIdem() });
    expect(added.body.payload).toMatchObject({ total: 6, balance: 94, poolGbUsed: 1, poolGbLeft: 0 });
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, plan));
    expect(row).toMatchObject({ accountId: me.subId, bandwidthGb: 6 });
  });
});

describe('a sub-user’s usage', () => {
  it('shows each plan’s used GB and GB per day for the last 30 days, oldest first, zeros kept', async () => {
    const me = await reseller();
    const plan = await sell(me, 'residential', 10);
    await useBytes(plan, 1.5 * BYTES_PER_GB);
    const today = new Date();
    today.setUTCMinutes(0, 0, 0);
    const threeDaysAgo = new Date(today.getTime() - 3 * 86_400_000);
    const old = new Date(today.getTime() - 40 * 86_400_000);
    await server.database.db.execute(sql`
      insert into proxy_usage_hourly (subscription_id, hour, country, bytes_in, bytes_out, requests)
      values (${plan}, ${today}, 'US', ${BYTES_PER_GB / 4}, ${BYTES_PER_GB / 4}, 3),
             (${plan}, ${threeDaysAgo}, 'US', 0, ${BYTES_PER_GB}, 1),
             (${plan}, ${old}, 'US', 0, ${BYTES_PER_GB}, 1)`);
    const res = await call('GET', `sub-users/${me.subId}`, me);
    expect(res.status).toBe(200);
    expect(res.body.payload.plans).toMatchObject([
      { id: plan, usedGb: 1.5, usedBytes: 1.5 * BYTES_PER_GB, bandwidthGb: 10 },
    ]);
    const days = res.body.payload.gbPerDay as { day: string; gb: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: today.toISOString().slice(0, 10), gb: 0.5, bytes: BYTES_PER_GB / 2 });
    expect(days.at(-4)).toEqual({ day: threeDaysAgo.toISOString().slice(0, 10), gb: 1, bytes: BYTES_PER_GB });
    expect(days.reduce((sum, d) => sum + d.gb, 0)).toBe(1.5);
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
  });
});

describe('selling as the spec writes it (issue 33)', () => {
  it('sells a plan with only the spec’s fields: no planId, no Idempotency-Key', async () => {
    const me = await reseller();
    await catalogue('residential');
    const body = { region: 'US', bandwidth: 2, days: 30 };
    const first = await call('POST', `sub-users/${me.subId}/plans`, me, { body });
    expect([first.status, first.body.message]).toEqual([200, 'Plan purchased']);
    // Without a key a retry is a second order (the endpoint's summary warns of it); with one it is not.
    const second = await call('POST', `sub-users/${me.subId}/plans`, me, { body });
    expect(second.body.payload.subscriptionId).not.toBe(first.body.payload.subscriptionId);
    const key = newIdem();
    const keyed = await call('POST', `sub-users/${me.subId}/plans`, me, { body, idem: key });
    const retried = await call('POST', `sub-users/${me.subId}/plans`, me, { body, idem: key });
    expect(retried.body.payload.subscriptionId).toBe(keyed.body.payload.subscriptionId);
    const malformed = await call('POST', `sub-users/${me.subId}/plans`, me, { body, idem: 'short' });
    expect(malformed.status).toBe(400);
  });
});
