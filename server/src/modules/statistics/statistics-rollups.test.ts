import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';

/**
 * The roll-ups behind GET /admin/statistics (ADR 040): closed days are read from `statistics_daily`
 * and `statistics_memo`, the rest live. What they answer must equal what the raw rows say, and
 * stay so as money moves now and as writes land in days already rolled up.
 */
let server: TestServer;
let token: string;
const DAY = 86_400_000;
const ago = (days: number, hour = 10) => {
  const d = new Date(Date.now() - days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const RANGES = [
  '',
  `?from=${dayAgo(89)}&to=${dayAgo(0)}`,
  `?from=${dayAgo(89)}&to=${dayAgo(0)}&granularity=day`,
  `?from=${dayAgo(364)}&to=${dayAgo(0)}&granularity=month`,
  `?from=${dayAgo(60)}&to=${dayAgo(20)}&granularity=week`,
];

const sqlRow = async (statement: string, values: unknown[] = []) =>
  (await server.database.executeSql(statement, values)).rows[0] as { id: string };
const customer = async (name: string, createdAt: string) =>
  (
    await sqlRow(`insert into accounts (username, email, role, created_at) values ($1, $2, 'User', $3) returning id`, [
      name,
      `${name}@rollups.test`,
      createdAt,
    ])
  ).id;
let invoiceNo = 0;
const paid = (account: string, kind: string, method: string, cents: number, at: string, plan: string | null = null) =>
  sqlRow(
    `insert into invoices (number, account_id, kind, plan_id, description, subtotal_cents, total_cents, payment_method,
       status, paid_at, created_at)
     values ($1, $2, $3, $4, 'rollups', $5, $5, $6, 'paid', $7, $7) returning id`,
    [`R-${++invoiceNo}`, account, kind, plan, cents, method, at],
  );
const subscription = async (account: string, plan: string, startsAt: string, expiresAt: string) =>
  (
    await sqlRow(
      `insert into subscriptions (account_id, plan_id, plan_title, plan_type, status, country, days, starts_at, expires_at)
       values ($1, $2, 'rollups', 'residential', case when $4::timestamptz > now() then 'active' else 'expired' end,
               'US', 30, $3, $4) returning id`,
      [account, plan, startsAt, expiresAt],
    )
  ).id;
const refundNow = (account: string, cents: number) =>
  server.database.executeSql(
    `insert into ledger_entries (account_id, amount_cents, balance_after_cents, kind, reference) values ($1, $2, $2, 'refund', null)`,
    [account, cents],
  );

const get = async (query: string) => {
  const res = await server.request('GET', `/api/v1/admin/statistics${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.payload;
};
/** The figures computed from the raw rows alone: every roll-up emptied first. */
async function fresh(query: string) {
  for (const table of ['statistics_memo', 'statistics_daily', 'statistics_daily_done'])
    await server.database.executeSql(`delete from ${table}`);
  return get(query);
}

let plan = '';
let ann = '';
let lapsed = '';
beforeAll(async () => {
  server = await createTestServer();
  token = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  plan = (await sqlRow(`insert into plans (title, type) values ('Rollup plan', 'residential') returning id`)).id;
  // Three customers over the last months: deposits, purchases, renewals, plans running and ended.
  ann = await customer('ann', ago(80));
  const ben = await customer('ben', ago(40));
  const cat = await customer('cat', ago(15));
  await paid(ann, 'deposit', 'stripe', 50_00, ago(79));
  await paid(ann, 'purchase', 'balance', 20_00, ago(79), plan);
  await subscription(ann, plan, ago(79), ago(49));
  await paid(ann, 'renewal', 'crypto', 20_00, ago(20), plan);
  await paid(ben, 'purchase', 'stripe', 35_00, ago(39), plan);
  await subscription(ben, plan, ago(39), ago(9));
  await paid(cat, 'purchase', 'crypto', 12_00, ago(14), plan);
  await subscription(cat, plan, ago(14), ago(-16));
  lapsed = await subscription(cat, plan, ago(30), ago(12));
});
afterAll(() => server.close());

describe('statistics roll-ups', () => {
  it('answers from the roll-ups what the raw rows say, for every range and bucket size', async () => {
    for (const query of RANGES) {
      const filling = await get(query);
      const kept = await get(query);
      expect(kept, query).toEqual(filling);
      expect(await fresh(query), query).toEqual(kept);
    }
  });

  it('shows a purchase and a refund made now at once, beside the closed days already kept', async () => {
    const before = await get('');
    const dan = await customer('dan', new Date().toISOString());
    await paid(dan, 'purchase', 'stripe', 99_00, new Date().toISOString(), plan);
    await paid(ann, 'renewal', 'balance', 1_00, new Date().toISOString(), plan);
    await refundNow(dan, 9_00);
    const after = await get('');
    expect(after.current.revenue.purchases).toBeCloseTo(before.current.revenue.purchases + 99, 2);
    expect(after.current.revenue.renewals).toBeCloseTo(before.current.revenue.renewals + 1, 2);
    expect(after.current.revenue.refunds).toBeCloseTo(before.current.revenue.refunds + 9, 2);
    expect(after.current.signups).toBe(before.current.signups + 1);
    // Dan is a new payer; Ann paid earlier in the period already, so she is not counted twice.
    expect(after.current.payingCustomers).toBe(before.current.payingCustomers + 1);
    expect(after.topCustomers[0]).toMatchObject({ username: 'dan', spent: 99, invoices: 1 });
    expect(after.topCustomers.find((c: { username: string }) => c.username === 'ann')).toMatchObject({
      spent: 21,
      invoices: 2,
    });
    expect(await fresh('')).toEqual(after);
  });

  it('sees a payment dated into a day its kept answers cover (a back-dated import)', async () => {
    const query = `?from=${dayAgo(89)}&to=${dayAgo(0)}`;
    const before = await get(query);
    const eve = await customer('eve', ago(70));
    await paid(eve, 'purchase', 'crypto', 500_00, ago(60), plan);
    const after = await get(query);
    expect(after.current.payingCustomers).toBe(before.current.payingCustomers + 1);
    expect(after.topCustomers[0]).toMatchObject({ username: 'eve', spent: 500 });
    expect(await fresh(query)).toEqual(after);
  });

  it('follows a late renewal that moves a plan term out of the closed days', async () => {
    const query = `?from=${dayAgo(29)}&to=${dayAgo(0)}&granularity=day`;
    const before = await get(query);
    const runningOn = (payload: typeof before, day: string) =>
      payload.current.series.find((b: { start: string }) => b.start === day).activeSubscriptions.residential;
    // As a renewal after a lapse does: the invoice is paid first (recording the end it moves), then
    // the term starts again now.
    await server.database.executeSql(
      `insert into invoices (number, account_id, kind, plan_id, subscription_id, days, description, subtotal_cents,
         total_cents, payment_method, status, paid_at)
       select 'R-late', account_id, 'renewal', plan_id, id, 30, 'late', 500, 500, 'balance', 'paid', now()
       from subscriptions where id = $1`,
      [lapsed],
    );
    await server.database.executeSql(
      `update subscriptions set status = 'active', starts_at = now(), expires_at = now() + interval '30 days' where id = $1`,
      [lapsed],
    );
    const after = await get(query);
    expect(runningOn(after, dayAgo(20))).toBe(runningOn(before, dayAgo(20)) - 1);
    expect(runningOn(after, dayAgo(0))).toBe(runningOn(before, dayAgo(0)) + 1);
    expect(after.current.renewal).toEqual({
      expired: before.current.renewal.expired,
      renewed: before.current.renewal.renewed,
      rate: before.current.renewal.rate,
    });
    expect(await fresh(query)).toEqual(after);
  });
});
