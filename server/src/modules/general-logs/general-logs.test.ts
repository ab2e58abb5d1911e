import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, securityEvents, settings, signInEvents } from '#platform/db/schema.ts';
import { currentStep, linkFrom, tokenIn, totpCode } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { purgeExpiredSecurityEvents } from './general-logs.service';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let n = 0;
const from = (ip: string) => ({ 'x-forwarded-for': ip, 'user-agent': 'LogsTest/1.0' });
const freshIp = () => `198.51.100.${(++n % 250) + 1}`;
const db = () => server.database.db;

beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
});
afterAll(() => server.close());

const logs = (query: Record<string, string | number> = {}, token = adminToken) =>
  server.request(
    'GET',
    `/api/v1/admin/general-logs?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    {
      token,
    },
  );
const adjust = (userId: string, amount: number, ip = freshIp()) =>
  server.request('PATCH', `/api/v1/admin/accounts/${userId}/balance`, {
    token: adminToken,
    body: { balanceToAddOrSub: amount, reason: 'Goodwill credit' },
    headers: from(ip),
  });
/** The log rows of one account, newest first. */
const rowsAbout = async (account: { username: string }, query: Record<string, string> = {}) =>
  (await logs({ target: account.username, size: 100, ...query })).body.payload.items as Array<Record<string, any>>;

describe('general site logs: access', () => {
  it('answers an Administrator and refuses Managers, Support, customers and anonymous callers', async () => {
    expect((await logs()).status).toBe(200);
    for (const role of ['Manager', 'Support', 'User'] as const) {
      const token = await server.tokenFor(await server.buildAccount({ role }));
      expect((await logs({}, token)).status).toBe(403);
      expect((await server.request('GET', '/api/v1/admin/general-logs/retention', { token })).status).toBe(403);
      const put = await server.request('PUT', '/api/v1/admin/general-logs/retention', { token, body: { days: 30 } });
      expect(put.status).toBe(403);
    }
    expect((await server.request('GET', '/api/v1/admin/general-logs')).body.message).toBe('unauthorized');
    expect(await db().select().from(settings).where(eq(settings.key, 'LogRetentionDays'))).toHaveLength(0);
  });
});

describe('general site logs: staff changes', () => {
  it('records the IP and user agent of the staff request that wrote an audit row, with before, after and reason', async () => {
    const customer = await server.buildAccount();
    expect((await adjust(customer.id, 5, '203.0.113.77')).status).toBe(200);
    const [row] = await rowsAbout(customer, { action: 'account.balance.adjust' });
    expect(row).toMatchObject({
      kind: 'audit',
      action: 'account.balance.adjust',
      actionLabel: 'Balance adjusted',
      actor: { id: admin.id, username: admin.username },
      targetAccount: { id: customer.id, username: customer.username },
      target: { type: 'account', id: customer.id },
      before: { balanceCents: 0 },
      after: { balanceCents: 500 },
      reason: 'Goodwill credit',
      ip: '203.0.113.77',
      userAgent: 'LogsTest/1.0',
    });
    expect(row!.summary).toBe(`Balance adjusted — ${customer.username}: +$5.00 ($0.00 → $5.00)`);
  });

  it('names the owner as target account of a change to one of their plans', async () => {
    const customer = await server.buildAccount();
    await adjust(customer.id, 1);
    const [stored] = await db().select().from(auditLog).where(eq(auditLog.targetAccountId, customer.id));
    expect(stored?.targetAccountId).toBe(customer.id);
  });

  it('writes no IP for rows written outside a request (a job, the CLI)', async () => {
    const { audit } = await import('#platform/billing/audit-log.ts');
    await audit(db(), { actorId: admin.id, action: 'plan.update', targetType: 'plan', targetId: 'cli-written' });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, 'cli-written'));
    expect(row).toMatchObject({ ip: null, userAgent: null, targetAccountId: null });
  });
});

describe('general site logs: filters and paging', () => {
  let alice: TestAccount;
  let manager: TestAccount;
  beforeAll(async () => {
    alice = await server.buildAccount();
    manager = await server.buildAccount({ role: 'Manager' });
    const managerToken = await server.tokenFor(manager);
    for (const amount of [1, 2, 3]) await adjust(alice.id, amount);
    const res = await server.request('PATCH', `/api/v1/admin/accounts/${alice.id}/balance`, {
      token: managerToken,
      body: { balanceToAddOrSub: 4, reason: 'Manager credit' },
      headers: from(freshIp()),
    });
    expect(res.status).toBe(200);
    await server.request('POST', '/api/v1/auth/login', {
      body: { login: alice.username, password: 'wrong-password-1' },
      headers: from(freshIp()),
    });
  });

  it('filters by target account given as username, email or id, newest first', async () => {
    for (const spelling of [alice.username, alice.email.toUpperCase(), alice.id]) {
      const res = await logs({ target: spelling });
      expect(res.status).toBe(200);
      expect(res.body.payload.total).toBe(5);
      const amounts = res.body.payload.items
        .filter((r: any) => r.action === 'account.balance.adjust')
        .map((r: any) => r.after.balanceCents - r.before.balanceCents);
      expect(amounts).toEqual([400, 300, 200, 100]);
      expect(res.body.payload.items[0].action).toBe('sign_in.wrong_password');
    }
  });

  it('filters by actor, by action family or exact action, and by kind', async () => {
    const byManager = await logs({ actor: manager.username });
    expect(byManager.body.payload.items.map((r: any) => r.reason)).toEqual(['Manager credit']);
    expect((await logs({ target: alice.username, kind: 'audit' })).body.payload.total).toBe(4);
    const security = await logs({ target: alice.username, kind: 'security' });
    expect(security.body.payload.items.map((r: any) => [r.kind, r.action, r.actor?.id])).toEqual([
      ['security', 'sign_in.wrong_password', alice.id],
    ]);
    expect((await logs({ target: alice.username, action: 'account' })).body.payload.total).toBe(4);
    expect((await logs({ target: alice.username, action: 'account.balance' })).body.payload.total).toBe(4);
    expect((await logs({ target: alice.username, action: 'sign_in' })).body.payload.total).toBe(1);
    expect((await logs({ target: alice.username, action: 'sign_in.success' })).body.payload.total).toBe(0);
    expect((await logs({ target: alice.username, action: 'plan' })).body.payload.total).toBe(0);
  });

  it('filters by date: a day covers all of it, and a range ending before the rows finds none', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await logs({ target: alice.username, from: today, to: today })).body.payload.total).toBe(5);
    expect((await logs({ target: alice.username, to: '2020-01-01' })).body.payload.total).toBe(0);
    expect(
      (await logs({ target: alice.username, from: new Date(Date.now() + 60_000).toISOString() })).body.payload.total,
    ).toBe(0);
  });

  it('pages in order without repeating or losing a row', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await logs({ target: alice.username, size: 2, page });
      expect(res.body.payload).toMatchObject({ total: 5, page, size: 2 });
      pages.push(...res.body.payload.items.map((r: any) => r.id));
    }
    expect(pages).toHaveLength(5);
    expect(new Set(pages).size).toBe(5);
    const all = (await logs({ target: alice.username })).body.payload.items.map((r: any) => r.id);
    expect(pages).toEqual(all);
  });

  it('counts no further than the last page anyone may ask for', async () => {
    const busy = await server.buildAccount();
    await db()
      .insert(securityEvents)
      .values(Array.from({ length: 405 }, () => ({ accountId: busy.id, kind: 'session.revoked' as const })));
    const first = await logs({ target: busy.id, size: 1 });
    expect(first.body.payload.total).toBe(400);
    expect((await logs({ target: busy.id, size: 1, page: 400 })).body.payload.items).toHaveLength(1);
    expect((await logs({ target: busy.id, size: 5 })).body.payload.total).toBe(405);
  });

  it('answers an empty page for an account nobody has, not an error', async () => {
    const res = await logs({ actor: 'nobody-by-this-name' });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ items: [], total: 0, page: 1, size: 25 });
  });

  it('refuses bad filters with 400 naming the field, never 500', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ kind: 'everything' }, 'kind'],
      [{ from: 'yesterday' }, 'from'],
      [{ from: '2026-05-02', to: '2026-05-01' }, 'to'],
      [{ page: '0' }, 'page'],
      [{ page: '100000' }, 'page'],
      [{ size: '1000' }, 'size'],
      [{ action: 'drop table;' }, 'action'],
      [{ actor: 'x'.repeat(300) }, 'actor'],
      [{ target: 'a\u0000b' }, 'target'],
    ];
    for (const [query, field] of cases) {
      const res = await logs(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(res.body.payload), JSON.stringify(query)).toContain(field);
    }
  });
});

describe('general site logs: security events from the real flows', () => {
  const kinds = async (account: TestAccount) =>
    (await rowsAbout(account, { kind: 'security' }))
      .map((r) => r.action)
      .filter((a: string) => !a.startsWith('sign_in.'));

  it('two-factor turned on and off by the owner, then off by staff', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const setup = await server.request('GET', '/api/v1/auth/mfa', { token });
    const secret: string = setup.body.payload.secret;
    const step = currentStep();
    const on = await server.request('POST', '/api/v1/auth/mfa', {
      token,
      body: { totp: totpCode(secret, step) },
      headers: from('203.0.113.10'),
    });
    expect(on.status).toBe(200);
    const off = await server.request('DELETE', '/api/v1/auth/mfa', {
      token,
      body: { totp: on.body.payload.backupCodes[0] },
    });
    expect(off.status).toBe(200);
    await server.request('POST', '/api/v1/auth/mfa', { token, body: { totp: totpCode(secret, step + 1) } });
    const again = await server.request('GET', '/api/v1/auth/mfa', { token });
    await server.request('POST', '/api/v1/auth/mfa', { token, body: { totp: totpCode(again.body.payload.secret) } });
    const staff = await server.request('DELETE', `/api/v1/admin/accounts/${account.id}/disable-2fa`, {
      token: adminToken,
    });
    expect(staff.status).toBe(200);
    const rows = await rowsAbout(account, { action: 'two_factor' });
    expect(rows.map((r) => [r.action, r.actor?.id])).toEqual([
      ['two_factor.disabled', admin.id],
      ['two_factor.enabled', account.id],
      ['two_factor.disabled', account.id],
      ['two_factor.enabled', account.id],
    ]);
    expect(rows[3]).toMatchObject({ ip: '203.0.113.10', userAgent: 'LogsTest/1.0' });
  });

  it('password reset requested (no actor) and completed through the mailed link, then changed in the profile', async () => {
    const account = await server.buildAccount();
    const ask = await server.request('POST', '/api/v1/auth/forgot-password', {
      body: { email: account.email },
      headers: from('203.0.113.20'),
    });
    expect(ask.status).toBe(200);
    const link = await linkFrom(server, account.email, '/change-password/');
    const reset = await server.request('POST', `/api/v1/auth/reset-password/${tokenIn(link)}`, {
      body: { password: 'A-brand-new-passphrase-1' },
      headers: from('203.0.113.21'),
    });
    expect(reset.status).toBe(200);
    const token = await server.tokenFor(account);
    const change = await server.request('PATCH', '/api/v1/public/profile/password', {
      token,
      body: { currentPassword: 'A-brand-new-passphrase-1', newPassword: 'Another-new-passphrase-2' },
    });
    expect(change.status).toBe(200);
    const rows = await rowsAbout(account, { action: 'password' });
    expect(rows.map((r) => [r.action, r.actor?.id ?? null, r.ip])).toEqual([
      ['password.changed', account.id, '127.0.0.1'],
      ['password.reset_completed', account.id, '203.0.113.21'],
      ['password.reset_requested', null, '203.0.113.20'],
    ]);
  });

  it('a staff password link, an email change by staff and sessions ended by the owner and by staff', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const other = await server.tokenFor(account);
    expect(
      (await server.request('POST', `/api/v1/admin/send/forgot-passwordlink/${account.id}`, { token: adminToken }))
        .status,
    ).toBe(200);
    const newEmail = `moved-${account.id.slice(0, 8)}@example.test`;
    const edit = await server.request('PATCH', `/api/v1/admin/accounts/${account.id}`, {
      token: adminToken,
      body: { email: newEmail, reason: 'Customer asked by phone' },
    });
    expect(edit.status).toBe(200);
    const sessions = (await server.request('GET', '/api/v1/public/sessions', { token })).body.payload.sessions;
    const otherSession = sessions.find((s: any) => !s.current);
    expect((await server.request('DELETE', `/api/v1/public/sessions/${otherSession.id}`, { token })).status).toBe(200);
    expect((await server.request('GET', '/api/v1/auth/me', { token: other })).status).toBe(401);
    expect(
      (await server.request('DELETE', `/api/v1/admin/accounts/${account.id}/sessions`, { token: adminToken })).status,
    ).toBe(200);
    const rows = await rowsAbout(account, { kind: 'security' });
    expect(rows.map((r) => [r.action, r.actor?.id])).toEqual([
      ['session.revoked', admin.id],
      ['session.revoked', account.id],
      ['email.changed', admin.id],
      ['password.reset_requested', admin.id],
    ]);
    expect(rows[2]!.summary).toBe(`Email address changed — ${account.username}: ${account.email} → ${newEmail}`);
    expect(await kinds(account)).toHaveLength(4);
  });

  it('sign-ins, failed and successful, are security events of the account', async () => {
    const account = await server.buildAccount();
    const login = (password: string) =>
      server.request('POST', '/api/v1/auth/login', {
        body: { login: account.username, password },
        headers: from('203.0.113.30'),
      });
    await login('not-the-password');
    expect((await login(account.password)).status).toBe(200);
    const rows = await rowsAbout(account, { kind: 'security' });
    expect(rows.map((r) => [r.action, r.ip, r.detail])).toEqual([
      ['sign_in.success', '203.0.113.30', { method: 'password' }],
      ['sign_in.wrong_password', '203.0.113.30', { method: 'password' }],
    ]);
  });
});

describe('general site logs: retention', () => {
  const put = (body: unknown, token = adminToken) =>
    server.request('PUT', '/api/v1/admin/general-logs/retention', { token, body, headers: from('203.0.113.40') });

  it('refuses days outside 30..3650 or not whole, naming the field, and keeps the value', async () => {
    expect(
      (await server.request('GET', '/api/v1/admin/general-logs/retention', { token: adminToken })).body.payload,
    ).toMatchObject({
      days: 365,
      defaultDays: 365,
      minDays: 30,
      maxDays: 3650,
    });
    for (const days of [29, 3651, 90.5, '90', null, -1, 1e308]) {
      const res = await put({ days });
      expect(res.status, String(days)).toBe(400);
      expect(JSON.stringify(res.body.payload)).toContain('days');
    }
    expect((await put({})).status).toBe(400);
    expect(
      (await server.request('GET', '/api/v1/admin/general-logs/retention', { token: adminToken })).body.payload.days,
    ).toBe(365);
  });

  it('saves a valid value and audits the change with its IP', async () => {
    const res = await put({ days: 90, reason: 'Privacy policy says 90 days' });
    expect(res.status).toBe(200);
    expect(res.body.payload.days).toBe(90);
    const [row] = (await logs({ action: 'logs.retention.update' })).body.payload.items;
    expect(row).toMatchObject({
      before: { days: 365 },
      after: { days: 90 },
      reason: 'Privacy policy says 90 days',
      ip: '203.0.113.40',
      summary: 'Log retention changed: 365 → 90 days',
    });
  });

  it('answers 50 saves at once without an error, each audited against the value it replaced', async () => {
    const values = Array.from({ length: 50 }, (_, i) => 100 + (i % 5));
    const answers = await Promise.all(values.map((days) => put({ days })));
    expect(answers.map((a) => a.status)).toEqual(values.map(() => 200));
    const rows = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'logs.retention.update'))
      .orderBy(auditLog.id);
    // Each row's before is the previous row's after: no two saves read the same old value.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before).toEqual(rows[i - 1]!.after);
    const final = (await server.request('GET', '/api/v1/admin/general-logs/retention', { token: adminToken })).body;
    expect(final.payload.days).toEqual((rows.at(-1)!.after as { days: number }).days);
  });

  it('the purge deletes only security events and sign-ins older than the retention, never audit rows', async () => {
    expect((await put({ days: 30 })).status).toBe(200);
    const account = await server.buildAccount();
    await adjust(account.id, 2);
    await server.request('POST', '/api/v1/auth/login', { body: { login: account.username, password: 'nope-nope-1' } });
    await server.request('POST', `/api/v1/admin/send/forgot-passwordlink/${account.id}`, { token: adminToken });
    const old = new Date(Date.now() - 31 * 86_400_000);
    // Age one of each by 31 days; a copy at 29 days must survive.
    await db().update(auditLog).set({ createdAt: old }).where(eq(auditLog.targetAccountId, account.id));
    await db().update(signInEvents).set({ createdAt: old }).where(eq(signInEvents.accountId, account.id));
    await db().update(securityEvents).set({ createdAt: old }).where(eq(securityEvents.accountId, account.id));
    await db()
      .insert(securityEvents)
      .values({
        accountId: account.id,
        kind: 'password.changed',
        createdAt: new Date(Date.now() - 29 * 86_400_000),
      });
    const result = await purgeExpiredSecurityEvents(db(), new Date());
    expect(result).toMatchObject({ days: 30, security: expect.any(Number), signIns: expect.any(Number) });
    expect(result.security).toBeGreaterThanOrEqual(1);
    expect(result.signIns).toBeGreaterThanOrEqual(1);
    const left = await rowsAbout(account);
    // Staff changes stay whatever their age: the balance change and the password link's audit row.
    expect(left.map((r) => r.action)).toEqual(['password.changed', 'account.password-link', 'account.balance.adjust']);
    expect(left[1]!.createdAt).toBe(old.toISOString());
  });
});

describe('general site logs: action names', () => {
  it('names every action in words: a blog post is "Blog post created", an action nobody named reads as words', async () => {
    const post = crypto.randomUUID();
    await db()
      .insert(auditLog)
      .values([
        { actorId: admin.id, action: 'blog.create', targetType: 'blog', targetId: post, after: { title: 'Hello' } },
        { actorId: admin.id, action: 'coupon_group.bulk-create', targetType: 'coupon_group', targetId: post },
      ]);
    const [blog] = (await logs({ action: 'blog.create' })).body.payload.items;
    expect(blog).toMatchObject({ action: 'blog.create', actionLabel: 'Blog post created' });
    expect(blog.summary).toBe('Blog post created — blog “Hello”');
    const [unnamed] = (await logs({ action: 'coupon_group.bulk-create' })).body.payload.items;
    expect(unnamed.actionLabel).toBe('Coupon group bulk created');
    expect(unnamed.summary).not.toContain('coupon_group.bulk-create');
  });
});
