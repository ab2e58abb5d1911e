import { eq, isNull, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#platform/db/schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { resellerApplications } from './reseller-programme.schema';
import { resellerTerms } from './resellers.schema';

// The reseller programme as an attacker would try it (issue 17): other people's ids, the wrong
// role, hostile numbers and text, and the same request many times at once. Every refusal is a 4xx
// that names the problem, and changes nothing.
let server: TestServer;
const tokens: Record<'Administrator' | 'Manager' | 'Support', string> = { Administrator: '', Manager: '', Support: '' };
let ip = 0;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  for (const role of ['Administrator', 'Manager', 'Support'] as const)
    tokens[role] = await server.tokenFor(await server.buildAccount({ role }));
});
afterAll(() => server.close());

const db = () => server.database.db;
const nextIp = () => `198.19.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;
const ANSWERS = {
  company: 'Attack Surface Ltd',
  products: ['residential'],
  monthlyVolume: '100-1000',
  channel: 'website',
  message: 'We resell residential proxies to price-monitoring teams.',
};
const TERMS = {
  resiprice: 2,
  mobileprice: null,
  dataprice1: null,
  dataprice7: null,
  dataprice30: null,
  ispprice: null,
  gbvalue: 0,
  ipv6white: 5,
  datawhite: 3,
  value: 0,
};
const call = (method: string, path: string, token: string | null, body?: unknown) =>
  server.request(method, path, {
    ...(token ? { token } : {}),
    ...(body === undefined ? {} : { body }),
    headers: { 'x-forwarded-for': nextIp() },
  });

async function applicant() {
  const account = await server.buildAccount();
  const token = await server.tokenFor(account);
  const applied = await call('POST', '/api/v1/public/reseller', token, { resellerRequestFormResponses: ANSWERS });
  expect(applied.status).toBe(200);
  return { ...account, token, application: applied.body.payload.id as string };
}
async function member(dollars = 0) {
  const me = await applicant();
  const approved = await call(
    'POST',
    `/api/v1/admin/reseller-applications/${me.application}/approve`,
    tokens.Administrator,
    TERMS,
  );
  expect(approved.status).toBe(200);
  if (dollars) await fund(server, tokens.Administrator, me.id, dollars);
  return me;
}

describe('staff review under attack', () => {
  it('only Administrators see and decide applications: Manager and Support get 403, customers too', async () => {
    const me = await applicant();
    const customer = await server.tokenFor(await server.buildAccount());
    for (const token of [tokens.Manager, tokens.Support, customer]) {
      expect((await call('GET', '/api/v1/admin/reseller-applications', token)).status).toBe(403);
      const path = `/api/v1/admin/reseller-applications/${me.application}`;
      expect((await call('POST', `${path}/approve`, token, TERMS)).status).toBe(403);
      expect((await call('POST', `${path}/reject`, token, { reason: 'Not a fit for us' })).status).toBe(403);
    }
    expect((await call('GET', '/api/v1/admin/reseller-applications', null)).status).toBe(403);
    const [row] = await db().select().from(resellerApplications).where(eq(resellerApplications.id, me.application));
    expect(row!.status).toBe('pending');
  });

  it('refuses hostile terms by field and approves nothing', async () => {
    const me = await applicant();
    const path = `/api/v1/admin/reseller-applications/${me.application}/approve`;
    const cases: [Record<string, unknown>, string][] = [
      [{ resiprice: -1 }, 'resiprice'],
      [{ resiprice: 1e300 }, 'resiprice'],
      [{ resiprice: 'NaN' }, 'resiprice'],
      [{ gbvalue: 1.5 }, 'gbvalue'],
      [{ gbvalue: -3 }, 'gbvalue'],
      [{ value: 101 }, 'value'],
      [{ ipv6white: 1e9 }, 'ipv6white'],
    ];
    for (const [change, field] of cases) {
      const res = await call('POST', path, tokens.Administrator, { ...TERMS, ...change });
      expect([res.status, JSON.stringify(res.body.payload ?? res.body).includes(field)]).toEqual([400, true]);
    }
    for (const body of [undefined, [], 'terms', null]) {
      const res = await call('POST', path, tokens.Administrator, body);
      expect(res.status).toBe(400);
    }
    expect(
      (await call('POST', '/api/v1/admin/reseller-applications/not-a-uuid/approve', tokens.Administrator, TERMS))
        .status,
    ).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('POST', `/api/v1/admin/reseller-applications/${unknown}/approve`, tokens.Administrator, TERMS))
        .status,
    ).toBe(404);
    expect(await db().select().from(resellerTerms).where(eq(resellerTerms.accountId, me.id))).toEqual([]);
  });

  it('approve and reject sent together: exactly one decides, the other is told it is already decided', async () => {
    const me = await applicant();
    const path = `/api/v1/admin/reseller-applications/${me.application}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? call('POST', `${path}/approve`, tokens.Administrator, TERMS)
          : call('POST', `${path}/reject`, tokens.Administrator, { reason: 'Volume too small for now' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || (a.status >= 400 && a.status < 500))).toBe(true);
    const [row] = await db().select().from(resellerApplications).where(eq(resellerApplications.id, me.application));
    const terms = await db().select().from(resellerTerms).where(eq(resellerTerms.accountId, me.id));
    expect(terms).toHaveLength(row!.status === 'approved' ? 1 : 0);
  });
});

describe('a member’s key and plans under attack', () => {
  it('20 key rotations at once leave exactly one live key, which works', async () => {
    const me = await member();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/v1/public/reseller-dashboard/apikey', me.token)),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409 || a.status === 429)).toBe(true);
    const live = await db()
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, me.id), isNull(apiKeys.revokedAt)));
    expect(live).toHaveLength(1);
    const winner = answers.find((a) => a.status === 200 && a.body.payload.status.prefix === live[0]!.prefix)!;
    const used = await server.request('GET', '/api/v1/reseller/sub-users', {
      token: me.token,
      headers: { 'x-api-key': winner.body.payload.apiKey, 'x-forwarded-for': nextIp() },
    });
    expect(used.status).toBe(200);
  });

  it('another member’s sub-user, a sub-user’s own session and malformed ids reach nothing', async () => {
    const me = await member(50);
    const them = await member(50);
    const made = await call('POST', '/api/v1/reseller/sub-users', them.token, {
      email: `victim-${nextIp()}@example.test`,
      username: `victim_${ip}`,
    });
    expect(made.status).toBe(200);
    const victim = made.body.payload.id as string;
    const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]) });
    const sold = await server.request('POST', `/api/v1/reseller/sub-users/${victim}/plans`, {
      token: them.token,
      body: { planId: plan.id, region: 'US', bandwidth: 2, days: 30 },
      headers: { 'x-forwarded-for': nextIp(), 'idempotency-key': `attack-${Date.now()}` },
    });
    expect(sold.status).toBe(200);
    const soldId = sold.body.payload.subscriptionId as string;
    const before = await moneyOf(server, them.id);

    // Another member: the sub-user and its plan do not exist for it.
    expect((await call('GET', `/api/v1/reseller/sub-users/${victim}`, me.token)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/reseller/sub-users/${victim}/plans/${soldId}`, me.token)).status).toBe(404);
    // The sub-user's own session is a customer's: no reseller call, no programme page.
    const subToken = await server.tokenFor({ id: victim });
    expect((await call('DELETE', `/api/v1/reseller/sub-users/${victim}/plans/${soldId}`, subToken)).status).toBe(401);
    expect((await call('POST', '/api/v1/public/reseller-dashboard/apikey', subToken)).status).toBe(400);
    // Malformed ids are named, not looked up.
    for (const path of [`not-a-uuid/plans/${soldId}`, `${victim}/plans/not-a-uuid`, `${victim}/plans/%00`]) {
      const res = await call('DELETE', `/api/v1/reseller/sub-users/${path}`, them.token);
      expect(res.status).toBe(400);
    }
    expect(await moneyOf(server, them.id)).toEqual(before);
    // The owner can still end it, once.
    const ended = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('DELETE', `/api/v1/reseller/sub-users/${victim}/plans/${soldId}`, them.token),
      ),
    );
    expect(ended.filter((a) => a.status === 200)).toHaveLength(1);
    expect(ended.filter((a) => a.status === 400).every((a) => a.body.message === 'This plan has already ended')).toBe(
      true,
    );
  });
});
