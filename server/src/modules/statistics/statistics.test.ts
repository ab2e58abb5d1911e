import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestAccount } from '#test/harness.ts';

/**
 * A shop with known books over two adjacent 31-day periods: previous 2026-01-29..2026-02-28 and
 * current 2026-03-01..2026-03-31 (UTC). Every figure below is worked out by hand from this seed.
 */
let server: TestServer;
let admin: TestAccount;
let token: string;
const ids: Record<string, string> = {};

async function one(statement: string, values: unknown[] = []) {
  const { rows } = await server.database.executeSql(statement, values);
  return (rows[0] as { id: string } | undefined)?.id ?? '';
}
const customer = (name: string, createdAt: string, role = 'User') =>
  one(`insert into accounts (username, email, role, created_at) values ($1, $2, $3, $4) returning id`, [
    name,
    `${name}@stats.test`,
    role,
    createdAt,
  ]);
const plan = (title: string, type: string) =>
  one(`insert into plans (title, type) values ($1, $2) returning id`, [title, type]);
let invoiceNo = 0;
function invoice(
  account: string,
  kind: 'deposit' | 'purchase' | 'renewal',
  method: 'balance' | 'stripe' | 'crypto',
  cents: number,
  paidAt: string | null,
  extra: { plan?: string; subscription?: string; days?: number; status?: string } = {},
) {
  return one(
    `insert into invoices (number, account_id, kind, plan_id, subscription_id, days, description, subtotal_cents,
       total_cents, payment_method, status, paid_at, created_at)
     values ($1, $2, $3, $4, $5, $6, 'seed', $7, $7, $8, $9, $10, coalesce($10, now())) returning id`,
    [
      `S-${++invoiceNo}`,
      account,
      kind,
      extra.plan ?? null,
      extra.subscription ?? null,
      extra.days ?? null,
      cents,
      method,
      extra.status ?? (paidAt ? 'paid' : 'pending'),
      paidAt,
    ],
  );
}
function subscription(
  account: string,
  planId: string,
  type: string,
  status: string,
  startsAt: string | null,
  expiresAt: string | null,
) {
  return one(
    `insert into subscriptions (account_id, plan_id, plan_title, plan_type, status, country, days, starts_at, expires_at)
     values ($1, $2, 'seed', $3, $4, 'US', 30, $5, $6) returning id`,
    [account, planId, type, status, startsAt, expiresAt],
  );
}
const refund = (account: string, cents: number, at: string, reference: string | null) =>
  one(
    `insert into ledger_entries (account_id, amount_cents, balance_after_cents, kind, reference, created_at)
     values ($1, $2, $2, 'refund', $3, $4) returning id`,
    [account, cents, reference, at],
  );
/** As a gateway flushes: add to the hour's row, or start it. */
const meter = (sub: string, hour: string, bytesIn: number, bytesOut: number) =>
  server.database.executeSql(
    `insert into proxy_usage_hourly as u (subscription_id, hour, country, bytes_in, bytes_out, requests)
     values ($1, $2, 'US', $3, $4, 1)
     on conflict (subscription_id, hour, country) do update
       set bytes_in = u.bytes_in + excluded.bytes_in, bytes_out = u.bytes_out + excluded.bytes_out`,
    [sub, hour, bytesIn, bytesOut],
  );

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator' });
  token = await server.tokenFor(admin);

  // Sign-ups: current A, B, E (last second of the period); previous C, F (first second); D before both.
  const A = (ids.A = await customer('alice', '2026-03-02T08:00:00Z'));
  const B = (ids.B = await customer('bob', '2026-03-15T08:00:00Z'));
  const E = (ids.E = await customer('erin', '2026-03-31T23:59:59Z'));
  const C = (ids.C = await customer('carol', '2026-02-10T08:00:00Z'));
  const F = (ids.F = await customer('frank', '2026-01-29T00:00:00Z'));
  const D = (ids.D = await customer('dave', '2026-01-28T23:59:59Z'));
  await customer('mia_manager', '2026-03-05T08:00:00Z', 'Manager'); // staff: not a sign-up

  const P1 = (ids.P1 = await plan('Residential 10 GB', 'residential'));
  const P2 = (ids.P2 = await plan('Datacenter 1 IP', 'datacenter'));
  const P3 = (ids.P3 = await plan('Mobile 5 GB', 'mobile'));

  // Plans: S1 renewed before its end; S2 runs out; S3 lapses and is renewed late (start moves, as
  // applyRenewal does); S4 renewed on time in the previous period then runs out; S5 runs out;
  // S10 granted by staff; S7 running now; S8 pending and S9 cancelled never ran.
  const S1 = await subscription(A, P1, 'residential', 'active', '2026-03-02T10:00:00Z', '2026-03-25T12:00:00Z');
  const S2 = await subscription(B, P2, 'datacenter', 'expired', '2026-03-15T09:00:00Z', '2026-03-22T00:00:00Z');
  const S3 = await subscription(C, P2, 'datacenter', 'expired', '2026-02-10T09:00:00Z', '2026-03-05T00:00:00Z');
  const S4 = await subscription(D, P1, 'residential', 'active', '2026-01-10T00:00:00Z', '2026-02-09T00:00:00Z');
  const S5 = await subscription(F, P3, 'mobile', 'expired', '2026-01-29T00:00:00Z', '2026-02-28T00:00:00Z');
  await subscription(C, P2, 'datacenter', 'active', '2026-02-15T00:00:00Z', '2026-04-15T00:00:00Z');
  await server.database.executeSql(
    `insert into subscriptions (account_id, plan_id, plan_title, plan_type, status, country, days, starts_at, expires_at)
     values ($1, $2, 'seed', 'residential', 'active', 'US', 30, now() - interval '1 day', now() + interval '29 days')`,
    [A, P1],
  );
  await subscription(E, P3, 'mobile', 'pending', null, null);
  await subscription(B, P3, 'mobile', 'cancelled', null, null);

  // Current period money.
  await invoice(A, 'deposit', 'stripe', 100_00, '2026-03-02T10:00:00Z');
  await invoice(A, 'deposit', 'crypto', 50_00, '2026-03-03T10:00:00Z');
  await invoice(A, 'purchase', 'balance', 30_00, '2026-03-02T10:00:00Z', { plan: P1, subscription: S1 });
  const bobsCard = await invoice(B, 'purchase', 'stripe', 20_00, '2026-03-15T09:00:00Z', {
    plan: P2,
    subscription: S2,
  });
  await invoice(B, 'purchase', 'crypto', 12_50, '2026-03-20T09:00:00Z', { plan: P1 });
  await invoice(A, 'renewal', 'balance', 30_00, '2026-03-25T00:00:00Z', { plan: P1, subscription: S1, days: 30 });
  await server.database.executeSql(`update subscriptions set expires_at = '2026-04-24T12:00:00Z' where id = $1`, [S1]);
  await invoice(C, 'renewal', 'stripe', 20_00, '2026-03-10T00:00:00Z', { plan: P2, subscription: S3, days: 30 });
  await server.database.executeSql(
    `update subscriptions set status = 'active', starts_at = '2026-03-10T00:00:00Z', expires_at = '2026-04-09T00:00:00Z' where id = $1`,
    [S3],
  );
  await invoice(A, 'purchase', 'stripe', 99_00, null); // never paid
  await invoice(B, 'deposit', 'crypto', 70_00, null, { status: 'failed' });
  await invoice(E, 'purchase', 'balance', 5_00, '2026-04-01T00:00:00Z', { plan: P3 }); // the day after
  await refund(B, 10_00, '2026-03-21T12:00:00Z', bobsCard);
  await refund(A, 5_00, '2026-03-22T12:00:00Z', null);

  // Previous period money.
  await invoice(C, 'deposit', 'stripe', 40_00, '2026-02-10T10:00:00Z');
  await invoice(C, 'purchase', 'balance', 20_00, '2026-02-10T11:00:00Z', { plan: P2, subscription: S3 });
  await invoice(F, 'purchase', 'crypto', 15_00, '2026-01-29T00:00:00Z', { plan: P3, subscription: S5 });
  await invoice(D, 'renewal', 'balance', 25_00, '2026-02-05T00:00:00Z', { plan: P1, subscription: S4, days: 30 });
  await server.database.executeSql(
    `update subscriptions set status = 'expired', expires_at = '2026-03-11T00:00:00Z' where id = $1`,
    [S4],
  );
  await invoice(D, 'renewal', 'stripe', 8_00, '2026-01-20T00:00:00Z', { plan: P1 }); // before both periods

  // Metered traffic: a second flush of the same hour adds to it.
  await meter(S1, '2026-03-05T10:00:00Z', 1000, 9000);
  await meter(S1, '2026-03-05T11:00:00Z', 500, 500);
  await meter(S1, '2026-03-05T11:00:00Z', 100, 0);
  await meter(S2, '2026-03-31T23:00:00Z', 0, 1_000_000);
  await meter(S5, '2026-02-01T00:00:00Z', 7, 3);
  await meter(S2, '2026-04-01T00:00:00Z', 5, 5);
});
afterAll(() => server.close());

const get = async (query: string, as = token) =>
  server.request('GET', `/api/v1/admin/statistics${query}`, { token: as });
const MARCH = '?from=2026-03-01&to=2026-03-31';

describe('GET /admin/statistics figures', () => {
  it('splits the money by kind and method, with cash in and net sales, for both periods', async () => {
    const res = await get(MARCH);
    expect(res.status).toBe(200);
    const { current, previous, granularity } = res.body.payload;
    expect(granularity).toBe('day');
    expect([current.from, current.to, previous.from, previous.to]).toEqual([
      '2026-03-01',
      '2026-03-31',
      '2026-01-29',
      '2026-02-28',
    ]);
    expect(current.revenue).toEqual({
      deposits: 150,
      purchases: 62.5,
      renewals: 50,
      refunds: 15,
      cashIn: 202.5,
      net: 97.5,
    });
    expect(current.byMethod).toEqual([
      { method: 'balance', deposits: 0, purchases: 30, renewals: 30, refunds: 5 },
      { method: 'stripe', deposits: 100, purchases: 20, renewals: 20, refunds: 10 },
      { method: 'crypto', deposits: 50, purchases: 12.5, renewals: 0, refunds: 0 },
    ]);
    expect(previous.revenue).toEqual({ deposits: 40, purchases: 35, renewals: 25, refunds: 0, cashIn: 55, net: 60 });
    expect(previous.byMethod).toEqual([
      { method: 'balance', deposits: 0, purchases: 20, renewals: 25, refunds: 0 },
      { method: 'stripe', deposits: 40, purchases: 0, renewals: 0, refunds: 0 },
      { method: 'crypto', deposits: 0, purchases: 15, renewals: 0, refunds: 0 },
    ]);
  });

  it('counts sign-ups, paying customers and bandwidth, in total and per day', async () => {
    const { current, previous } = (await get(MARCH)).body.payload;
    expect([current.signups, current.payingCustomers, current.bandwidthBytes]).toEqual([3, 3, 1_011_100]);
    expect([previous.signups, previous.payingCustomers, previous.bandwidthBytes]).toEqual([2, 3, 10]);
    expect(current.series).toHaveLength(31);
    expect(previous.series).toHaveLength(31);
    const day = (d: string) => current.series.find((b: { start: string }) => b.start === d);
    expect(day('2026-03-02')).toMatchObject({
      start: '2026-03-02',
      end: '2026-03-02',
      deposits: 100,
      purchases: 30,
      renewals: 0,
      refunds: 0,
      signups: 1,
      payingCustomers: 1,
    });
    expect(day('2026-03-05').bandwidthBytes).toBe(11_100);
    expect(day('2026-03-31')).toMatchObject({ signups: 1, bandwidthBytes: 1_000_000, payingCustomers: 0 });
    expect(previous.series[0]).toMatchObject({ start: '2026-01-29', signups: 1, purchases: 15, payingCustomers: 1 });
    const sum = (key: string) =>
      current.series.reduce((total: number, b: Record<string, number>) => total + b[key]!, 0);
    expect([sum('deposits'), sum('purchases'), sum('renewals'), sum('refunds'), sum('signups')]).toEqual([
      150, 62.5, 50, 15, 3,
    ]);
  });

  it('counts running subscriptions by type at the end of each bucket, and now', async () => {
    const { current, previous, activeNow } = (await get(MARCH)).body.payload;
    const at = (series: { start: string; activeSubscriptions: object }[], d: string) =>
      series.find((b) => b.start === d)!.activeSubscriptions;
    const none = { residential: 0, mobile: 0, isp: 0, datacenter: 0, ipv6: 0 };
    expect(at(previous.series, '2026-01-29')).toEqual({ ...none, residential: 1, mobile: 1 });
    expect(at(previous.series, '2026-02-28')).toEqual({ ...none, residential: 1, datacenter: 1 });
    expect(at(current.series, '2026-03-01')).toEqual({ ...none, residential: 1, datacenter: 1 });
    expect(at(current.series, '2026-03-02')).toEqual({ ...none, residential: 2, datacenter: 1 });
    expect(at(current.series, '2026-03-11')).toEqual({ ...none, residential: 1, datacenter: 2 });
    expect(at(current.series, '2026-03-15')).toEqual({ ...none, residential: 1, datacenter: 3 });
    expect(at(current.series, '2026-03-31')).toEqual({ ...none, residential: 1, datacenter: 2 });
    expect(activeNow).toEqual({ ...none, residential: 1, total: 1 });
  });

  it('measures renewals before expiry and churn of active customers', async () => {
    const { current, previous } = (await get(MARCH)).body.payload;
    // Current: S1 renewed before its end; S3 renewed late; S2 and S4 ran out.
    expect(current.renewal).toEqual({ expired: 4, renewed: 1, rate: 0.25 });
    expect(previous.renewal).toEqual({ expired: 2, renewed: 1, rate: 0.5 });
    // Current: Carol and Dave ran plans on 1 March; Dave has none at the end.
    expect(current.churn).toEqual({ activeAtStart: 2, churned: 1, rate: 0.5 });
    expect(previous.churn).toEqual({ activeAtStart: 2, churned: 1, rate: 0.5 });
  });

  it('ranks plans by revenue and by count, and customers by spending, in the current period', async () => {
    const payload = (await get(MARCH)).body.payload;
    expect(payload.topPlansByRevenue).toEqual([
      { planId: ids.P1, title: 'Residential 10 GB', type: 'residential', revenue: 72.5, count: 3 },
      { planId: ids.P2, title: 'Datacenter 1 IP', type: 'datacenter', revenue: 40, count: 2 },
    ]);
    expect(payload.topPlansByCount.map((p: { planId: string }) => p.planId)).toEqual([ids.P1, ids.P2]);
    expect(payload.topCustomers).toEqual([
      { accountId: ids.A, username: 'alice', email: 'alice@stats.test', spent: 60, invoices: 2 },
      { accountId: ids.B, username: 'bob', email: 'bob@stats.test', spent: 32.5, invoices: 2 },
      { accountId: ids.C, username: 'carol', email: 'carol@stats.test', spent: 20, invoices: 1 },
    ]);
  });

  it('buckets by week (from Monday, clipped to the range) and by month', async () => {
    const weeks = (await get(`${MARCH}&granularity=week`)).body.payload;
    expect(weeks.granularity).toBe('week');
    expect(weeks.current.series.map((b: { start: string; end: string }) => `${b.start}..${b.end}`)).toEqual([
      '2026-03-01..2026-03-01',
      '2026-03-02..2026-03-08',
      '2026-03-09..2026-03-15',
      '2026-03-16..2026-03-22',
      '2026-03-23..2026-03-29',
      '2026-03-30..2026-03-31',
    ]);
    expect(weeks.current.series[1]).toMatchObject({ deposits: 150, purchases: 30, signups: 1, payingCustomers: 1 });
    expect(weeks.current.series[3]).toMatchObject({ purchases: 12.5, refunds: 15, payingCustomers: 1 });
    expect(weeks.current.revenue).toEqual((await get(MARCH)).body.payload.current.revenue);

    const months = (await get('?from=2026-01-01&to=2026-03-31&granularity=month')).body.payload;
    expect(months.current.series.map((b: { start: string }) => b.start)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(months.current.series.map((b: { renewals: number }) => b.renewals)).toEqual([8, 25, 50]);
    expect(months.previous).toMatchObject({ from: '2025-10-03', to: '2025-12-31' });
    expect(months.previous.series[0]).toMatchObject({ start: '2025-10-03', end: '2025-10-31' });
  });

  it('sees a write dated into a day its daily roll-up already holds (a back-dated import)', async () => {
    const june = '?from=2025-06-01&to=2025-06-30';
    expect((await get(june)).body.payload.current.revenue.deposits).toBe(0);
    await invoice(ids.A!, 'deposit', 'crypto', 12_34, '2025-06-15T10:00:00Z');
    await refund(ids.A!, 1_00, '2025-06-16T10:00:00Z', null);
    await customer('late_import', '2025-06-17T10:00:00Z');
    const after = (await get(june)).body.payload.current;
    expect(after.revenue).toMatchObject({ deposits: 12.34, refunds: 1 });
    expect(after.signups).toBe(1);
  });

  it('defaults to the last 30 days by day, and picks weeks and months for longer ranges', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.payload.current.to).toBe(today);
    expect(res.body.payload.current.series).toHaveLength(30);
    expect(res.body.payload.granularity).toBe('day');
    expect((await get('?from=2025-04-01&to=2026-03-31')).body.payload.granularity).toBe('week');
    expect((await get('?from=2024-04-01&to=2026-03-31')).body.payload.granularity).toBe('month');
  });
});

describe('GET /admin/statistics access and input', () => {
  it('answers Administrators only', async () => {
    expect((await server.request('GET', '/api/v1/admin/statistics')).status).toBe(403);
    for (const role of ['User', 'Support', 'Manager'] as const) {
      const someone = await server.buildAccount({ role });
      const res = await get(MARCH, await server.tokenFor(someone));
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe('forbidden');
    }
  });

  it.each([
    ['?from=2026-02-30', 'query.from'],
    ['?from=yesterday', 'query.from'],
    ['?to=2026-13-01', 'query.to'],
    ['?from=2026-03-31&to=2026-03-01', 'query.from'],
    ['?from=2020-01-01&to=2026-03-31', 'query.from'],
    ['?from=2000-01-01', 'query.from'],
    ['?from=1999-12-31&to=2000-01-02', 'query.from'],
    ['?granularity=year', 'query.granularity'],
    ['?from=2026-03-01&from=2026-03-02', 'query.from'],
    ['?from=2026-03-01%00', 'query.from'],
    [`?from=${'9'.repeat(5000)}`, 'query.from'],
  ])('refuses bad query #%# with a 400 naming the field', async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation Error');
    expect(res.body.payload.fields.map((f: { path: string }) => f.path)).toContain(field);
  });
});
