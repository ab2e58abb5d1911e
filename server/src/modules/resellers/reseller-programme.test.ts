import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { accounts, apiKeys, auditLog, securityEvents } from '#platform/db/schema.ts';
import { proxyUsageHourly } from '#modules/proxies/proxies.schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { resellerApplications } from './reseller-programme.schema';
import { resellerTerms } from './resellers.schema';

// The reseller programme for web customers (issue 17, ADR 042): apply, staff review, the member's
// dashboard and key, and the member's session acting on the reseller API without a key.
let server: TestServer;
let adminToken: string;
let ip = 0;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const db = () => server.database.db;
const nextIp = () => `198.18.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;
const ANSWERS = {
  company: 'Proxy Corner Ltd',
  website: 'https://proxy-corner.example',
  products: ['residential', 'datacenter'],
  monthlyVolume: '100-1000',
  channel: 'website',
  message: 'We sell proxies to scraping teams in Europe, about 200 customers.',
};
const TERMS = {
  resiprice: 2,
  mobileprice: null,
  dataprice1: 0.2,
  dataprice7: 0.9,
  dataprice30: 2,
  ispprice: 3,
  gbvalue: 0,
  ipv6white: 5,
  datawhite: 3,
  value: 10,
};

type Who = { token?: string | undefined; key?: string | undefined; ip?: string };
const req = (
  method: string,
  path: string,
  who: Who,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) =>
  server.request(method, path, {
    ...(who.token ? { token: who.token } : {}),
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: {
      'x-forwarded-for': who.ip ?? nextIp(),
      ...(who.key ? { 'x-api-key': who.key } : {}),
      ...options.headers,
    },
  });
const apply = (token: string, answers: unknown = ANSWERS) =>
  req('POST', '/api/v1/public/reseller', { token }, { body: { resellerRequestFormResponses: answers } });
const dashboard = (token: string) => req('GET', '/api/v1/public/reseller-dashboard', { token });
const staff = (method: string, path: string, body?: unknown) =>
  req(method, `/api/v1/admin/reseller-applications${path}`, { token: adminToken }, { body });

async function customer() {
  const account = await server.buildAccount();
  return { ...account, token: await server.tokenFor(account) };
}

/** A customer whose application staff approved: a programme member (reseller=0 with terms). */
async function member(dollars = 0) {
  const me = await customer();
  const applied = await apply(me.token);
  expect(applied.status).toBe(200);
  const approved = await staff('POST', `/${applied.body.payload.id}/approve`, TERMS);
  expect(approved.status).toBe(200);
  if (dollars) await fund(server, adminToken, me.id, dollars);
  return me;
}

describe('applying to the reseller programme', () => {
  it('names each bad field, refuses control characters and huge text, and stores nothing', async () => {
    const me = await customer();
    const empty = await apply(me.token, {});
    expect(empty.status).toBe(400);
    for (const field of ['company', 'products', 'monthlyVolume', 'channel', 'message'])
      expect(JSON.stringify(empty.body.payload)).toContain(field);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ company: 'Evil\u0000Corp' }, 'company', 'control character'],
      [{ message: `${'x'.repeat(30)}\u001b[31m` }, 'message', 'control character'],
      [{ message: 'y'.repeat(2001) }, 'message', 'at most 2000 characters'],
      [{ company: 'c'.repeat(100_000) }, 'company', 'at most 120 characters'],
      [{ website: 'javascript:alert(1)' }, 'website', 'a http(s) address'],
      [{ products: ['residential', 'gold'] }, 'products', 'choose from the products on sale'],
      [{ products: [] }, 'products', 'choose at least one product'],
      [{ message: 'short' }, 'message', 'tell us about your customers'],
    ];
    for (const [change, field, phrase] of cases) {
      const res = await apply(me.token, { ...ANSWERS, ...change });
      const fields = (res.body.payload?.fields ?? []) as { path: string; message: string }[];
      const named = fields.some((f) => f.path.includes(`.${field}`) && f.message.toLowerCase().includes(phrase));
      expect([res.status, change, named]).toEqual([400, change, true]);
    }
    // Far beyond the body limit: refused before parsing, never a 500.
    const huge = await apply(me.token, { ...ANSWERS, message: 'z'.repeat(3_000_000) });
    expect([400, 413]).toContain(huge.status);
    expect(await db().select().from(resellerApplications).where(eq(resellerApplications.accountId, me.id))).toEqual([]);
    // A body that is not even JSON names the problem too.
    expect((await req('POST', '/api/v1/public/reseller', { token: me.token }, { body: '{"x":' })).status).toBe(400);
  });

  it('keeps one open application; a refusal is mailed with its reason and the customer may apply again; a member may not', async () => {
    const me = await customer();
    expect((await dashboard(me.token)).body.payload).toEqual({ status: 'none', application: null, dashboard: null });
    const first = await apply(me.token, { ...ANSWERS, company: '  Trimmed Co  ' });
    expect([first.status, first.body.message]).toEqual([200, 'Reseller application sent']);
    expect(first.body.payload).toMatchObject({ status: 'pending', reason: null, decidedAt: null });
    expect(first.body.payload.answers.company).toBe('Trimmed Co');
    const again = await apply(me.token);
    expect([again.status, again.body.message]).toEqual([400, 'Your application is already being reviewed']);
    expect((await dashboard(me.token)).body.payload).toMatchObject({
      status: 'pending',
      application: { id: first.body.payload.id },
      dashboard: null,
    });

    const noReason = await staff('POST', `/${first.body.payload.id}/reject`, {});
    expect([noReason.status, JSON.stringify(noReason.body.payload)]).toEqual([400, expect.stringContaining('reason')]);
    const refused = await staff('POST', `/${first.body.payload.id}/reject`, { reason: 'Tell us <b>more</b> first' });
    expect([refused.status, refused.body.message]).toEqual([200, 'Application refused']);
    expect(refused.body.payload).toMatchObject({
      status: 'rejected',
      reason: 'Tell us <b>more</b> first',
      accountId: me.id,
    });
    expect(refused.body.payload.decidedBy).toBeTruthy();
    const [refusal] = await mailsTo(server, me.email);
    expect(refusal!.subject).toContain('reseller application');
    expect(refusal!.text).toContain('Tell us <b>more</b> first');
    expect(refusal!.html).toContain('Tell us &lt;b&gt;more&lt;/b&gt; first');
    expect((await dashboard(me.token)).body.payload).toMatchObject({
      status: 'rejected',
      application: { status: 'rejected', reason: 'Tell us <b>more</b> first' },
    });
    // Decided once: neither decision applies to it again.
    expect((await staff('POST', `/${first.body.payload.id}/approve`, TERMS)).body.message).toBe(
      'This application was already decided',
    );

    const second = await apply(me.token);
    expect(second.status).toBe(200);
    const approved = await staff('POST', `/${second.body.payload.id}/approve`, TERMS);
    expect([approved.status, approved.body.message]).toEqual([200, 'Application approved']);
    const mails = await mailsTo(server, me.email);
    expect(mails.map((m) => m.subject)).toContain(`Welcome to the ${server.config.SITE_NAME} reseller programme`);
    expect(mails.at(-1)!.links.some((l) => l.endsWith('/dashboard/reseller-dashboard'))).toBe(true);
    expect((await dashboard(me.token)).body.payload).toMatchObject({ status: 'approved', dashboard: { subUsers: 0 } });
    expect([(await apply(me.token)).status, (await apply(me.token)).body.message]).toEqual([
      400,
      'You are already in the reseller programme',
    ]);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, me.id));
    expect(account!.reseller).toBe(false);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetAccountId, me.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'reseller.application.approve',
      'reseller.application.create',
      'reseller.application.create',
      'reseller.application.reject',
    ]);
  });

  it('50 parallel applications of one account store exactly one', async () => {
    const me = await customer();
    const answers = await Promise.all(Array.from({ length: 50 }, () => apply(me.token)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.message === 'Your application is already being reviewed')).toHaveLength(49);
    expect(
      await db().select().from(resellerApplications).where(eq(resellerApplications.accountId, me.id)),
    ).toHaveLength(1);
  });
});

describe('staff review', () => {
  it('lists open ones first with the applicant, filters by status, searches; unknown ids 404, bad ids 400', async () => {
    const a = await customer();
    const b = await customer();
    const applied = await apply(a.token);
    await apply(b.token);
    await staff('POST', `/${applied.body.payload.id}/reject`, { reason: 'Not now' });
    const all = await staff('GET', '?size=100');
    expect(all.status).toBe(200);
    const statuses = all.body.payload.items.map((i: { status: string }) => i.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('rejected'));
    const found = await staff('GET', `?search=${encodeURIComponent(b.username)}`);
    expect(found.body.payload).toMatchObject({ total: 1, items: [{ username: b.username, email: b.email, spent: 0 }] });
    expect(found.body.payload.items[0].answers).toEqual(ANSWERS);
    const refused = await staff('GET', `?status=rejected&search=${encodeURIComponent(a.username)}`);
    expect(refused.body.payload.items.map((i: { reason: string }) => i.reason)).toEqual(['Not now']);
    expect((await staff('GET', '?status=maybe')).status).toBe(400);
    expect((await staff('GET', `?search=${'s'.repeat(201)}`)).status).toBe(400);
    expect((await staff('POST', '/00000000-0000-4000-8000-000000000000/approve', TERMS)).status).toBe(404);
    const badId = await staff('POST', '/not-a-uuid/approve', TERMS);
    expect([badId.status, JSON.stringify(badId.body.payload)]).toEqual([400, expect.stringContaining('id')]);
    const badTerms = await staff('POST', `/${found.body.payload.items[0].id}/approve`, { ...TERMS, value: 150 });
    expect([badTerms.status, JSON.stringify(badTerms.body.payload)]).toEqual([400, expect.stringContaining('value')]);
    // A customer cannot review.
    expect((await req('GET', '/api/v1/admin/reseller-applications', { token: a.token })).status).toBe(403);
  });

  it('50 parallel approvals make one member, one terms row, one mail', async () => {
    const me = await customer();
    const applied = await apply(me.token);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => staff('POST', `/${applied.body.payload.id}/approve`, TERMS)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.message === 'This application was already decided')).toHaveLength(49);
    expect(await db().select().from(resellerTerms).where(eq(resellerTerms.accountId, me.id))).toHaveLength(1);
    expect(await mailsTo(server, me.email)).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applied.body.payload.id), eq(auditLog.action, 'reseller.application.approve')));
    expect(audits).toHaveLength(1);
  });

  it('lists programme members among resellers, marked; deleting one ends the membership and keeps the account', async () => {
    const me = await member();
    const key = (await req('POST', '/api/v1/public/reseller-dashboard/apikey', { token: me.token })).body.payload
      .apiKey;
    const listed = await req('GET', `/api/v1/admin/Raccounts?search=${me.username}`, { token: adminToken });
    expect(listed.body.payload).toMatchObject({ total: 1, items: [{ id: me.id, programme: true, resiprice: 2 }] });
    const apiAccount = await server.buildAccount({ reseller: true });
    const api = await req('GET', `/api/v1/admin/reseller/${apiAccount.id}`, { token: adminToken });
    expect(api.body.payload.programme).toBe(false);

    const ended = await req(
      'DELETE',
      `/api/v1/admin/reseller/${me.id}`,
      { token: adminToken },
      { body: { reason: 'Fraud check' } },
    );
    expect(ended.status).toBe(200);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, me.id));
    expect(account).toMatchObject({ deletedAt: null, disabledAt: null, reseller: false });
    expect(await db().select().from(resellerTerms).where(eq(resellerTerms.accountId, me.id))).toEqual([]);
    // The customer is still signed in, out of the programme, and may apply again.
    expect((await dashboard(me.token)).body.payload).toMatchObject({ status: 'none', dashboard: null });
    expect((await req('GET', '/api/v1/reseller/sub-users', { token: me.token, key })).status).toBe(401);
    expect((await req('GET', '/api/v1/reseller/sub-users', { token: me.token })).status).toBe(401);
    expect((await req('GET', `/api/v1/admin/reseller/${me.id}`, { token: adminToken })).status).toBe(404);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, me.id), eq(auditLog.action, 'reseller.programme.end')));
    expect(audit).toMatchObject({ reason: 'Fraud check', after: null });
    expect((await apply(me.token)).status).toBe(200);
  });
});

describe('the member’s key and session', () => {
  it('creates the key for members only, shows it once, and the old one stops at once', async () => {
    const outsider = await customer();
    const refused = await req('POST', '/api/v1/public/reseller-dashboard/apikey', { token: outsider.token });
    expect([refused.status, refused.body.message]).toEqual([400, 'Join the reseller programme first']);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.accountId, outsider.id))).toEqual([]);

    const me = await member();
    const first = await req('POST', '/api/v1/public/reseller-dashboard/apikey', { token: me.token });
    expect([first.status, first.body.message]).toEqual([200, 'API key created']);
    expect(first.body.payload.apiKey.startsWith(first.body.payload.status.prefix)).toBe(true);
    const list = (key: string, token = me.token) => req('GET', '/api/v1/reseller/sub-users', { token, key });
    expect((await list(first.body.payload.apiKey)).status).toBe(200);
    expect((await dashboard(me.token)).body.payload.dashboard.apiKey).toMatchObject({
      prefix: first.body.payload.status.prefix,
      createdAt: first.body.payload.status.createdAt,
    });

    const second = await req('POST', '/api/v1/public/reseller-dashboard/apikey', { token: me.token });
    const old = await list(first.body.payload.apiKey);
    expect([old.status, old.body.message]).toEqual([401, 'Invalid API key']);
    expect((await list(second.body.payload.apiKey)).status).toBe(200);
    const live = await db().select().from(apiKeys).where(eq(apiKeys.accountId, me.id));
    expect(live.filter((k) => k.revokedAt === null).map((k) => k.name)).toEqual(['Reseller API']);
    const events = await db().select().from(securityEvents).where(eq(securityEvents.accountId, me.id));
    const changes = events.map((e) => e.kind).filter((k) => k !== 'api_key.used');
    expect(changes.sort()).toEqual(['api_key.created', 'api_key.created', 'api_key.revoked']);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, me.id), eq(auditLog.action, 'reseller.apikey.create')));
    expect(audits).toHaveLength(2);
  });

  it('a member’s session alone acts on the reseller API; a reseller=1 or customer token alone, or an ended session, is 401', async () => {
    const me = await member();
    const alone = await req('GET', '/api/v1/reseller/sub-users', { token: me.token });
    expect([alone.status, alone.body.message]).toEqual([200, 'Sub users']);
    const key = (await req('POST', '/api/v1/public/reseller-dashboard/apikey', { token: me.token })).body.payload
      .apiKey;
    expect((await req('GET', '/api/v1/reseller/sub-users', { token: me.token, key })).status).toBe(200);

    const apiReseller = await server.buildAccount({ reseller: true });
    const outsider = await customer();
    const expired = await server.tokenFor({ id: me.id }, { expiresAt: new Date(Date.now() - 1000) });
    const loggedOut = await server.tokenFor({ id: me.id });
    expect((await req('POST', '/api/v1/auth/logout', { token: loggedOut })).status).toBe(200);
    for (const token of [
      await server.tokenFor(apiReseller),
      outsider.token,
      expired,
      loggedOut,
      'garbage',
      undefined,
    ]) {
      const res = await req('GET', '/api/v1/reseller/sub-users', { token });
      expect([res.status, res.body.message]).toEqual([401, 'API key required']);
    }
    // With a key the rules stay spec §6: the bearer token must be the key's own account.
    const mismatch = await req('GET', '/api/v1/reseller/sub-users', { token: outsider.token, key });
    expect([mismatch.status, mismatch.body.message]).toEqual([
      401,
      'The bearer token and the API key belong to different accounts',
    ]);
    // A member's Customer API key (Settings) also serves the reseller API (ADR 042).
    const customerKey = await req(
      'POST',
      '/api/v1/public/api-keys',
      { token: me.token },
      { body: { name: 'script', scope: 'read-only' } },
    );
    const readOnly = await req('GET', '/api/v1/reseller/sub-users', {
      token: me.token,
      key: customerKey.body.payload.key,
    });
    expect(readOnly.status).toBe(200);
    const write = await req(
      'POST',
      '/api/v1/reseller/sub-users',
      { token: me.token, key: customerKey.body.payload.key },
      {
        body: { username: `ro_${me.username}`.slice(0, 30), email: `ro.${me.email}` },
      },
    );
    expect(write.status).toBe(403);
    // The same key still serves the Customer API as the customer it is (no Reseller principal there).
    const info = await req('GET', '/api/v1/customer/proxy-info', { key: customerKey.body.payload.key });
    expect([401, 403]).not.toContain(info.status);
    // The reseller programme's own key is no key for another account's session.
    const apiToken = await server.tokenFor(apiReseller);
    expect((await req('GET', '/api/v1/reseller/sub-users', { token: apiToken, key })).status).toBe(401);
  });

  it('limits session-only calls per client address with 429', async () => {
    const me = await member();
    const from = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 301 }, () => req('GET', '/api/v1/reseller/sub-users', { token: me.token, ip: from })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(300);
    expect(Number(answers.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the member’s dashboard', () => {
  it('counts sub-users, running plans, reseller spend and GB per day from session-only sales', async () => {
    const me = await member(50);
    const plan = await buildPlan(server);
    const created = await req(
      'POST',
      '/api/v1/reseller/sub-users',
      { token: me.token },
      {
        body: { username: `dash_${me.username}`.slice(0, 30), email: `dash.${me.email}` },
      },
    );
    expect(created.status).toBe(200);
    const subId = created.body.payload.id as string;
    const sale = { planId: plan.id, region: 'US', bandwidth: 3, days: 30 };
    // No key is a new order each time (issue 33); a malformed one is still refused.
    const badIdem = await req(
      'POST',
      `/api/v1/reseller/sub-users/${subId}/plans`,
      { token: me.token },
      { body: sale, headers: { 'idempotency-key': 'short' } },
    );
    expect([badIdem.status, JSON.stringify(badIdem.body.payload)]).toEqual([
      400,
      expect.stringContaining('Idempotency-Key'),
    ]);
    const sold = await req(
      'POST',
      `/api/v1/reseller/sub-users/${subId}/plans`,
      { token: me.token },
      {
        body: sale,
        headers: { 'idempotency-key': `dash-${subId}` },
      },
    );
    expect(sold.status).toBe(200);
    expect(sold.body.payload).toMatchObject({ subUserId: subId, total: 6, balance: 44 });
    // Its own purchase through the API counts too; a web purchase at catalogue price does not.
    const own = await req(
      'POST',
      '/api/v1/reseller/purchase',
      { token: me.token },
      {
        body: { planId: plan.id, quantity: 1, country: 'US' },
        headers: { 'idempotency-key': `own-${subId}` },
      },
    );
    expect(own.status).toBe(200);
    expect(await moneyOf(server, me.id)).toEqual({ balanceCents: 4200, ledgerCents: 4200 });

    const today = new Date();
    const hour = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    await db()
      .insert(proxyUsageHourly)
      .values({
        subscriptionId: sold.body.payload.subscriptionId,
        hour,
        country: 'US',
        bytesIn: BYTES_PER_GB / 2,
        bytesOut: BYTES_PER_GB,
      });
    const board = (await dashboard(me.token)).body.payload;
    expect(board.status).toBe('approved');
    expect(board.dashboard).toMatchObject({
      balance: 42,
      gbvalue: 0,
      prices: {
        resiprice: 2,
        mobileprice: null,
        dataprice1: 0.2,
        dataprice7: 0.9,
        dataprice30: 2,
        ispprice: 3,
        value: 10,
      },
      spend30d: 8,
      spendTotal: 8,
      subUsers: 1,
      activePlans: 1,
      apiKey: null,
    });
    const days = board.dashboard.gbPerDay as { day: string; gb: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: hour.toISOString().slice(0, 10), gb: 1.5 });
    expect(days.slice(0, -1).every((d) => d.gb === 0)).toBe(true);
    expect([...days].sort((x, y) => x.day.localeCompare(y.day))).toEqual(days);
    // The sub-user sees none of it: to them the programme is something to apply to.
    const subToken = await server.tokenFor({ id: subId });
    expect((await dashboard(subToken)).body.payload).toEqual({ status: 'none', application: null, dashboard: null });
  });
});
