import { decodePayload } from '@tollgate/contract/http/encoding';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#platform/db/schema.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
let staff: string;
let customer: string;
beforeAll(async () => {
  server = await createTestServer();
  staff = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
  customer = await server.tokenFor(await server.buildAccount());
});
afterAll(() => server.close());

const residential = {
  title: 'Residential Pay-as-you-go',
  description: 'Rotating residential IPs in 190 countries',
  type: 'residential',
  provider: 'pool-a',
  price: 0,
  bandwidthPrices: '[{"value":1,"price":4},{"value":10,"price":3.5}]',
  threadPrices: '',
  minRenewDays: 1,
  maxRenewDays: 90,
  duration: 30,
  bandwidth: 0,
  throughput: 0,
  threads: 0,
  status: 'active',
  trial: false,
  order: 2,
  serverGeo: 'US',
  serverGeoOptions: 'US,DE,GB',
  currentThreads: 0,
  customPlan: true,
  residentialType: 'premium',
  supportshow: true,
};

const create = (body: unknown) => server.request('POST', '/api/v1/admin/plans', { token: staff, body });
const decoded = <T>(res: { body: { payload: unknown } }) => decodePayload<T>(res.body.payload as string);

describe('plan catalogue', () => {
  it('creates a plan with every spec field and audits it', async () => {
    const res = await create(residential);
    expect(res.body.message).toBe('Plan created');
    expect(res.body.payload).toMatchObject({ ...residential, enabled: true, status: 'active' });
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, res.body.payload.id));
    expect(audits.map((a) => a.action)).toEqual(['plan.create']);
  });

  it('refuses bad tiers text, bad renewal bounds and unknown types, and saves nothing', async () => {
    const before = (await server.request('GET', '/api/v1/admin/plans?size=0', { token: staff })).body.payload.total;
    const tiers = await create({ ...residential, bandwidthPrices: '[{"value":0,"price":1}]' });
    expect(tiers.body.message).toBe('bandwidthPrices item 1: value must be a whole number of at least 1');
    const bounds = await create({ ...residential, minRenewDays: 30, maxRenewDays: 7 });
    expect(bounds.body.payload.fields).toEqual([
      { path: 'body.maxRenewDays', message: 'Maximum renewal days must not be below the minimum' },
    ]);
    const type = await create({ ...residential, type: 'satellite' });
    expect(type.body.message).toBe('Validation Error');
    expect((await server.request('GET', '/api/v1/admin/plans?size=0', { token: staff })).body.payload.total).toBe(
      before,
    );
  });

  it('shows customers only enabled, non-trial plans by order, encoded', async () => {
    const first = (
      await create({
        ...residential,
        title: 'ISP static',
        type: 'isp',
        bandwidthPrices: '',
        price: 19.99,
        order: 1,
        customPlan: false,
      })
    ).body.payload;
    const hidden = (await create({ ...residential, title: 'Hidden', status: 'inactive' })).body.payload;
    const trial = (await create({ ...residential, title: 'Trial 100 MB', trial: true, price: 0, bandwidthPrices: '' }))
      .body.payload;
    const res = await server.request('GET', '/api/v1/public/plans', { token: customer });
    expect(res.body.message).toBe('Plans list');
    expect(typeof res.body.payload).toBe('string');
    const titles = decoded<{ plans: { title: string; id: string }[] }>(res).plans.map((p) => p.title);
    expect(titles[0]).toBe('ISP static');
    expect(titles).not.toContain('Hidden');
    expect(titles).not.toContain('Trial 100 MB');
    const trials = decoded<{ plans: { id: string }[] }>(
      await server.request('GET', '/api/v1/public/trial-plans', { token: customer }),
    );
    expect(trials.plans.map((p) => p.id)).toEqual([trial.id]);
    expect(first.id).toBeDefined();
    expect(hidden.enabled).toBe(false);
  });

  it('quotes through the pricing module: tiers, days and fixed packages', async () => {
    const plan = (await create(residential)).body.payload;
    const quoteOf = async (path: string) =>
      server.request('GET', `/api/v1/public/plans/${plan.id}/${path}`, { token: customer });
    expect(decoded(await quoteOf('10'))).toMatchObject({
      planId: plan.id,
      units: 10,
      unit: 'GB',
      days: 30,
      unitPrice: 3.5,
      subtotal: 35,
      discount: 0,
      total: 35,
      couponCode: null,
    });
    expect(decoded(await quoteOf('3?days=7'))).toMatchObject({ unitPrice: 4, days: 7, total: 2.8 });
    const tooLong = await quoteOf('3?days=91');
    expect(tooLong.body.message).toBe('Choose between 1 and 90 days');
    expect((await quoteOf('0')).body.message).toBe('Validation Error');

    const isp = (await create({ ...residential, type: 'isp', bandwidthPrices: '', price: 19.99 })).body.payload;
    const fixed = await server.request('GET', `/api/v1/public/plans/${isp.id}/1`, { token: customer });
    expect(decoded(fixed)).toMatchObject({ unit: 'package', unitPrice: null, total: 19.99 });

    const threads = (
      await create({
        ...residential,
        type: 'datacenter',
        bandwidthPrices: '',
        threadPrices: '[{"value":50,"price":0.1}]',
      })
    ).body.payload;
    const belowMin = await server.request('GET', `/api/v1/public/plans/${threads.id}/10`, { token: customer });
    expect(belowMin.body.message).toBe('The minimum is 50');
    expect(
      decoded(await server.request('GET', `/api/v1/public/plans/${threads.id}/100`, { token: customer })),
    ).toMatchObject({ unit: 'threads', total: 10 });
  });

  it('lists custom plan price tiers in dollars', async () => {
    const res = await server.request('GET', '/api/v1/public/custom-plans/prices', { token: customer });
    const entry = res.body.payload.plans.find((p: { title: string }) => p.title === 'Residential Pay-as-you-go');
    expect(entry).toMatchObject({
      type: 'residential',
      duration: 30,
      bandwidthTiers: [
        { from: 1, unitPrice: 4 },
        { from: 10, unitPrice: 3.5 },
      ],
      threadTiers: [],
    });
  });

  it('updates with an audit of before and after, and deletes from every list', async () => {
    const plan = (await create(residential)).body.payload;
    const updated = await server.request('PATCH', `/api/v1/admin/plans/${plan.id}`, {
      token: staff,
      body: { ...residential, title: 'Residential Pro', status: 'inactive' },
    });
    expect(updated.body).toMatchObject({
      message: 'Updated Successfully',
      payload: { title: 'Residential Pro', enabled: false },
    });
    const [change] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'plan.update'));
    expect(change).toMatchObject({
      before: expect.objectContaining({ title: 'Residential Pay-as-you-go' }),
      after: expect.objectContaining({ title: 'Residential Pro' }),
    });
    expect((await server.request('GET', `/api/v1/public/plans/${plan.id}/5`, { token: customer })).status).toBe(404);

    expect((await server.request('DELETE', `/api/v1/admin/plans/${plan.id}`, { token: staff })).body.message).toBe(
      'Plan deleted',
    );
    expect((await server.request('GET', `/api/v1/admin/plans/${plan.id}`, { token: staff })).status).toBe(404);
    const search = await server.request('GET', '/api/v1/admin/plans?search=Residential%20Pro', { token: staff });
    expect(search.body.payload.total).toBe(0);
  });

  it('filters the staff list by type and searches title or provider', async () => {
    await create({ ...residential, title: 'IPv6 rotating', type: 'ipv6', provider: 'six-net' });
    const byType = await server.request('GET', '/api/v1/admin/plans?type=ipv6', { token: staff });
    expect(byType.body.payload.items.every((p: { type: string }) => p.type === 'ipv6')).toBe(true);
    const byProvider = await server.request('GET', '/api/v1/admin/plans?search=SIX-NET', { token: staff });
    expect(byProvider.body.payload.items.map((p: { title: string }) => p.title)).toEqual(['IPv6 rotating']);
  });
});

describe('hiding and showing plans (spec §4)', () => {
  it('hides a plan from customers and shows it again; support may too; both audited', async () => {
    const created = await server.request('POST', '/api/v1/admin/plans', {
      token: staff,
      body: { ...residential, title: 'Hide me' },
    });
    const id = created.body.payload.id;
    const onSale = async () => {
      const res = await server.request('GET', '/api/v1/public/plans', { token: customer });
      return (decodePayload(res.body.payload) as { plans: { id: string }[] }).plans.some((p) => p.id === id);
    };
    expect(await onSale()).toBe(true);

    const hidden = await server.request('POST', '/api/v1/admin/planhide/hide', { token: staff, body: { id } });
    expect(hidden.body).toMatchObject({
      message: 'Updated Successfully',
      payload: { enabled: false, status: 'inactive' },
    });
    expect(await onSale()).toBe(false);

    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    const listed = await server.request('GET', '/api/v1/support/plans?search=Hide%20me', { token: support });
    expect(listed.body.payload.items).toMatchObject([{ id, enabled: false }]);
    const shown = await server.request('POST', '/api/v1/support/planhide/show', { token: support, body: { id } });
    expect(shown.body.payload.enabled).toBe(true);
    expect(await onSale()).toBe(true);

    expect((await server.request('POST', '/api/v1/admin/planhide/maybe', { token: staff, body: { id } })).status).toBe(
      400,
    );
    expect(
      (await server.request('POST', '/api/v1/support/planhide/hide', { token: customer, body: { id } })).status,
    ).toBe(403);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['plan.create', 'plan.hide', 'plan.show']);
  });
});
