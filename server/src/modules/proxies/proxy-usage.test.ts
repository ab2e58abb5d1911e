import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { proxyUsageHourly } from './proxies.schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GB = 1024 ** 3;

let server: TestServer;
let staff: string;
beforeAll(async () => void ({ server, staff } = await createStaffedServer()));
afterAll(() => server.close());

type Row = Omit<typeof proxyUsageHourly.$inferInsert, 'subscriptionId'>;
const meter = (subscriptionId: string, rows: Row[]) =>
  server.database.db.insert(proxyUsageHourly).values(rows.map((r) => ({ ...r, subscriptionId })));
const usage = (token: string, query: Record<string, string>) =>
  server.request('GET', `/api/v1/public/proxy-usage?${new URLSearchParams(query)}`, { token });
const zero = { bytesIn: 0, bytesOut: 0, requests: 0, failures: 0 };

describe('proxy usage', () => {
  it('answers a continuous hourly series with totals and top countries over the range', async () => {
    const me = await customerWithPlan(server, staff);
    await meter(me.subscriptionId, [
      { hour: new Date('2024-03-01T05:00:00Z'), country: 'de', bytesIn: 100, bytesOut: 200, requests: 3, failures: 1 },
      { hour: new Date('2024-03-01T05:00:00Z'), country: 'us', bytesIn: 10, bytesOut: 20, requests: 1 },
      { hour: new Date('2024-03-02T23:00:00Z'), country: '', bytesIn: 1, bytesOut: 1, requests: 1, failures: 1 },
      { hour: new Date('2024-03-02T23:00:00Z'), country: 'us', bytesIn: 500, bytesOut: 0, requests: 2 },
      // Outside the range on both sides.
      { hour: new Date('2024-02-29T23:00:00Z'), country: 'fr', bytesIn: 9, bytesOut: 9, requests: 9 },
      { hour: new Date('2024-03-03T00:00:00Z'), country: 'fr', bytesIn: 9, bytesOut: 9, requests: 9 },
    ]);
    const res = await usage(me.token, {
      subscriptionId: me.subscriptionId,
      from: '2024-03-01T00:00:00Z',
      to: '2024-03-03T00:00:00Z',
    });
    expect(res.body.message).toBe('Proxy usage');
    const payload = res.body.payload;
    expect(payload).toMatchObject({
      subscriptionId: me.subscriptionId,
      from: '2024-03-01T00:00:00.000Z',
      to: '2024-03-03T00:00:00.000Z',
      granularity: 'hour',
      totals: { bytesIn: 611, bytesOut: 221, requests: 7, failures: 2 },
      countries: [
        { country: 'us', bytes: 530, requests: 3 },
        { country: 'de', bytes: 300, requests: 3 },
        { country: '', bytes: 2, requests: 1 },
      ],
    });
    expect(payload.series).toHaveLength(48);
    payload.series.forEach((point: { at: string }, i: number) =>
      expect(new Date(point.at).getTime()).toBe(Date.parse('2024-03-01T00:00:00Z') + i * HOUR),
    );
    expect(payload.series[5]).toEqual({
      at: '2024-03-01T05:00:00.000Z',
      bytesIn: 110,
      bytesOut: 220,
      requests: 4,
      failures: 1,
    });
    expect(payload.series[47]).toEqual({
      at: '2024-03-02T23:00:00.000Z',
      bytesIn: 501,
      bytesOut: 1,
      requests: 3,
      failures: 1,
    });
    expect(payload.series.filter((p: typeof zero) => p.requests === 0)).toHaveLength(46);
  });

  it('sums whole UTC days by day, and starts the series at the start of the first bucket', async () => {
    const me = await customerWithPlan(server, staff);
    await meter(me.subscriptionId, [
      { hour: new Date('2024-05-10T00:00:00Z'), country: 'de', bytesIn: 1, bytesOut: 2, requests: 1 },
      { hour: new Date('2024-05-10T23:00:00Z'), country: 'de', bytesIn: 4, bytesOut: 8, requests: 1 },
      { hour: new Date('2024-05-12T12:00:00Z'), country: 'gb', bytesIn: 16, bytesOut: 32, requests: 1, failures: 1 },
    ]);
    const res = await usage(me.token, {
      subscriptionId: me.subscriptionId,
      // 01:30 on the 10th in UTC+02:00 is 23:30 on the 9th in UTC.
      from: '2024-05-10T01:30:00+02:00',
      to: '2024-05-12T18:00:00Z',
      granularity: 'day',
    });
    expect(res.body.payload.from).toBe('2024-05-09T00:00:00.000Z');
    expect(res.body.payload.series).toEqual([
      { at: '2024-05-09T00:00:00.000Z', ...zero },
      { at: '2024-05-10T00:00:00.000Z', bytesIn: 5, bytesOut: 10, requests: 2, failures: 0 },
      { at: '2024-05-11T00:00:00.000Z', ...zero },
      { at: '2024-05-12T00:00:00.000Z', bytesIn: 16, bytesOut: 32, requests: 1, failures: 1 },
    ]);
  });

  it('covers the last 7 days by hour when no range is given', async () => {
    const me = await customerWithPlan(server, staff);
    const res = await usage(me.token, { subscriptionId: me.subscriptionId });
    const { from, to, series } = res.body.payload;
    expect(Date.now() - Date.parse(to)).toBeLessThan(60_000);
    expect(Date.parse(to) - Date.parse(from)).toBeGreaterThanOrEqual(7 * DAY);
    expect(Date.parse(to) - Date.parse(from)).toBeLessThan(7 * DAY + HOUR);
    expect(series[0].at).toBe(from);
    expect([168, 169]).toContain(series.length);
    expect(res.body.payload.forecast).toEqual({ bytesPerDay: 0, runsOutAt: null });
  });

  it('forecasts when a bandwidth plan runs out at the last 24 hours’ rate', async () => {
    const me = await customerWithPlan(server, staff, { gb: 5 });
    await server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: GB })
      .where(eq(subscriptions.id, me.subscriptionId));
    const thisHour = Math.floor(Date.now() / HOUR) * HOUR;
    await meter(me.subscriptionId, [
      { hour: new Date(thisHour - 2 * HOUR), country: 'de', bytesIn: GB / 4, bytesOut: GB / 4 },
      { hour: new Date(thisHour - 5 * HOUR), country: 'us', bytesIn: GB / 2, bytesOut: 0 },
      // Two days ago: not part of the rate.
      { hour: new Date(thisHour - 48 * HOUR), country: 'us', bytesIn: 7 * GB, bytesOut: 0 },
    ]);
    const before = Date.now();
    const { payload } = (await usage(me.token, { subscriptionId: me.subscriptionId })).body;
    expect(payload.bandwidth).toEqual({ totalBytes: 5 * GB, usedBytes: GB });
    expect(payload.forecast.bytesPerDay).toBe(GB);
    // 4 GB left at 1 GB a day.
    const runsOut = Date.parse(payload.forecast.runsOutAt);
    expect(runsOut).toBeGreaterThanOrEqual(before + 4 * DAY - 1000);
    expect(runsOut).toBeLessThanOrEqual(Date.now() + 4 * DAY + 1000);
  });

  it('has no total and no run-out date for a plan not sold by bandwidth', async () => {
    const me = await customerWithPlan(server, staff);
    await server.database.db
      .update(subscriptions)
      .set({ bandwidthGb: 0, threads: 50 })
      .where(eq(subscriptions.id, me.subscriptionId));
    await meter(me.subscriptionId, [
      { hour: new Date(Math.floor(Date.now() / HOUR) * HOUR), bytesIn: 10, bytesOut: 5 },
    ]);
    const { payload } = (await usage(me.token, { subscriptionId: me.subscriptionId })).body;
    expect(payload.bandwidth).toEqual({ totalBytes: null, usedBytes: 0 });
    expect(payload.forecast).toEqual({ bytesPerDay: 15, runsOutAt: null });
    // Traffic through an exit that names no country is a row of its own, named by no country.
    expect(payload.totals).toMatchObject({ bytesIn: 10, bytesOut: 5 });
    expect(payload.countries).toEqual([{ country: '', bytes: 15, requests: 0 }]);
  });

  it('refuses a backwards or too long range, and anyone else’s plan', async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    const ask = (query: Record<string, string>) => usage(me.token, { subscriptionId: me.subscriptionId, ...query });
    expect((await ask({ from: '2024-03-02T00:00:00Z', to: '2024-03-01T00:00:00Z' })).body).toMatchObject({
      status: 400,
      message: 'from must be before to',
    });
    expect((await ask({ from: '2024-03-01T00:00:00Z', to: '2024-03-01T00:00:00Z' })).body.message).toBe(
      'from must be before to',
    );
    expect((await ask({ from: '2024-01-01T00:00:00Z', to: '2024-04-03T00:00:00Z' })).body.message).toBe(
      'Choose a range of at most 92 days',
    );
    expect((await ask({ from: '2024-01-01T00:00:00Z', to: '2024-04-02T00:00:00Z' })).body.payload.series).toHaveLength(
      92 * 24,
    );
    expect((await ask({ from: 'yesterday' })).body.message).toBe('Validation Error');
    expect((await ask({ granularity: 'week' })).body.message).toBe('Validation Error');
    expect((await usage(other.token, { subscriptionId: me.subscriptionId })).status).toBe(404);
  });
});
