import { decodePayload } from '@tollgate/contract/http/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createStaffedServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
let staff: string;
let residential: { id: string };
let datacenter: { id: string };
let hidden: { id: string };
let trial: { id: string };
beforeAll(async () => {
  ({ server, staff } = await createStaffedServer());
  residential = await buildPlan(server, { title: 'Residential pool', provider: 'upstream-secret', sortOrder: 1 });
  datacenter = await buildPlan(server, {
    title: 'Datacenter threads',
    type: 'datacenter',
    bandwidthPrices: '',
    threadPrices: JSON.stringify([
      { value: 5, price: 2 },
      { value: 50, price: 1.5 },
    ]),
    sortOrder: 2,
  });
  hidden = await buildPlan(server, { title: 'Hidden', enabled: false });
  trial = await buildPlan(server, { title: 'Trial', trial: true });
});
afterAll(() => server.close());

const anonymous = (path: string) => server.request('GET', path);

describe('the public catalogue', () => {
  it('lists the plans on sale to a visitor without a token, with tiers and lengths but not how they are delivered', async () => {
    const res = await anonymous('/api/v1/catalogue/plans');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Plans list');
    const plans = res.body.payload.plans as Record<string, unknown>[];
    expect(plans.map((p) => p.title)).toEqual(['Residential pool', 'Datacenter threads']);
    expect(plans[0]).toMatchObject({
      id: residential.id,
      type: 'residential',
      unit: 'GB',
      duration: 30,
      minDays: 1,
      maxDays: 90,
      minUnits: 1,
      tiers: [
        { from: 1, unitPrice: 4 },
        { from: 10, unitPrice: 3.5 },
      ],
    });
    expect(plans[1]).toMatchObject({ unit: 'threads', minUnits: 5 });
    expect(res.text).not.toContain('upstream-secret');
    expect(plans.some((p) => p.id === hidden.id || p.id === trial.id)).toBe(false);
  });

  it('quotes a visitor exactly what the signed-in quote says and what the purchase then charges', async () => {
    const customer = await server.buildAccount();
    const token = await server.tokenFor(customer);
    await fund(server, staff, customer.id, 200);
    for (const [plan, units, days] of [
      [residential, 12, 30],
      [residential, 3, 45],
      [datacenter, 60, 30],
    ] as const) {
      const visitor = await anonymous(`/api/v1/catalogue/plans/${plan.id}/${units}?days=${days}`);
      expect(visitor.status).toBe(200);
      const signedIn = await server.request('GET', `/api/v1/public/plans/${plan.id}/${units}?days=${days}`, { token });
      expect(visitor.body.payload).toEqual(decodePayload(signedIn.body.payload as string));
    }
    const quoted = await anonymous(`/api/v1/catalogue/plans/${residential.id}/12?days=30`);
    expect(quoted.body.payload).toMatchObject({ units: 12, unit: 'GB', unitPrice: 3.5, total: 42 });
    const before = await moneyOf(server, customer.id);
    const bought = await server.request('POST', `/api/v1/public/plans/${residential.id}/purchase`, {
      token,
      body: { value: 12, days: 30, country: 'US', paymentMethod: 'balance' },
    });
    expect(bought.body.payload.total).toBe(quoted.body.payload.total);
    expect(before.balanceCents - (await moneyOf(server, customer.id)).balanceCents).toBe(4200);
  });

  it('answers bad input with a clear 400 and unknown, hidden or trial plans with 404', async () => {
    const below = await anonymous(`/api/v1/catalogue/plans/${datacenter.id}/2`);
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('The minimum is 5');
    const days = await anonymous(`/api/v1/catalogue/plans/${residential.id}/5?days=400`);
    expect(days.status).toBe(400);
    for (const value of ['0', '-1', '1.5', 'abc', '99999999999']) {
      expect((await anonymous(`/api/v1/catalogue/plans/${residential.id}/${value}`)).status).toBe(400);
    }
    expect((await anonymous(`/api/v1/catalogue/plans/not-a-uuid/1`)).status).toBe(400);
    for (const plan of [hidden, trial]) {
      expect((await anonymous(`/api/v1/catalogue/plans/${plan.id}/1`)).status).toBe(404);
    }
    expect((await anonymous(`/api/v1/catalogue/plans/00000000-0000-4000-8000-000000000000/1`)).status).toBe(404);
  });

  it('limits how fast one address can ask', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await anonymous('/api/v1/catalogue/plans')).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
  });
});
