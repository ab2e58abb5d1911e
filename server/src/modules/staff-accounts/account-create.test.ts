import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '#platform/db/schema.ts';
import { linkFrom, mailsTo, tokenIn } from '#test/auth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
let adminToken: string;
let managerToken: string;
let admin: { id: string };
beforeAll(async () => {
  // Each test is a client of its own, so the per-address limit on creation counts them apart.
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
  managerToken = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
});
afterAll(() => server.close());

let n = 0;
const fresh = () => {
  n++;
  return { email: `new${n}-${Date.now()}@example.test`, username: `new_${n}_${Date.now() % 100000}` };
};
let ip = '';
beforeEach(() => {
  ip = `198.51.100.${++n}`;
});
const create = (body: unknown, token = adminToken) =>
  server.request('POST', '/api/v1/admin/accounts', { token, body, headers: { 'x-forwarded-for': ip } });
const login = (login: string, password: string) =>
  server.request('POST', '/api/v1/auth/login', { body: { login, password } });

describe('staff-created accounts', () => {
  it('creates a verified account without a password, audited, and mails a link that sets one', async () => {
    const person = fresh();
    const res = await create({ ...person, role: 'Support', message: '  Welcome aboard  ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account created');
    const account = res.body.payload;
    expect(account).toMatchObject({
      email: person.email,
      username: person.username,
      role: 'Support',
      emailVerified: true,
      hasPassword: false,
      disabled: false,
      message: 'Welcome aboard',
      balance: 0,
      spent: 0,
      activePlans: 0,
      referralRates: { residential: 0, datacenter: 0, isp: 0, ipv6: 0, mobile: 0 },
    });

    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, account.id));
    expect(audits.map((a) => [a.action, a.actorId, a.before, (a.after as { role: string }).role])).toEqual([
      ['account.create', admin.id, null, 'Support'],
    ]);

    const [mail] = await mailsTo(server, person.email);
    expect(mail!.subject).toContain('choose a password');
    expect(mail!.text).toContain(person.username);
    expect(mail!.text).toContain('72 hours');
    const link = await linkFrom(server, person.email, '/change-password/');
    expect(link).toMatch(/\/change-password\/[\w-]+\?welcome=1$/);

    // Nobody can sign in before the password is chosen.
    expect((await login(person.email, '')).status).toBe(400);
    const password = 'first-Password-872';
    const reset = await server.request('POST', `/api/v1/auth/reset-password/${tokenIn(link)}`, { body: { password } });
    expect(reset.status).toBe(200);
    const signedIn = await login(person.username, password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.payload.user).toMatchObject({ email: person.email, role: 'Support', emailVerified: true });
    // Choosing the first password is not a change to warn of: the welcome mail is the only one.
    expect((await mailsTo(server, person.email)).map((m) => m.subject)).toEqual([mail!.subject]);

    // The link works once.
    const again = await server.request('POST', `/api/v1/auth/reset-password/${tokenIn(link)}`, {
      body: { password: 'second-Password-872' },
    });
    expect(again.status).toBe(400);
    expect((await login(person.email, 'second-Password-872')).status).toBe(400);
  });

  it('lets a Manager create customers only', async () => {
    const refused = await create({ ...fresh(), role: 'Administrator' }, managerToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Managers can create customer accounts only (role User)');
    for (const role of ['Manager', 'Support']) {
      expect((await create({ ...fresh(), role }, managerToken)).status).toBe(403);
    }
    const person = fresh();
    const ok = await create(person, managerToken);
    expect(ok.status).toBe(200);
    expect(ok.body.payload.role).toBe('User');
    const rows = await server.database.db.select().from(accounts).where(eq(accounts.email, person.email));
    expect(rows).toHaveLength(1);
  });

  it('refuses customers and support, and unknown roles', async () => {
    const user = await server.tokenFor(await server.buildAccount());
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    expect((await create(fresh(), user)).status).toBe(403);
    expect((await create(fresh(), support)).status).toBe(403);
    const bad = await create({ ...fresh(), role: 'Owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.payload.fields).toEqual([expect.objectContaining({ path: 'body.role' })]);
  });

  it('answers a taken email or username with a 400 on that field, whatever the case', async () => {
    const existing = await server.buildAccount();
    const email = await create({ ...fresh(), email: existing.email.toUpperCase() });
    expect(email.status).toBe(400);
    expect(email.body.payload.fields).toEqual([{ path: 'body.email', message: 'Email is already registered' }]);
    const username = await create({ ...fresh(), username: existing.username.toUpperCase() });
    expect(username.status).toBe(400);
    expect(username.body.payload.fields).toEqual([{ path: 'body.username', message: 'Username is already taken' }]);
    const blank = await create({ email: 'not-an-email', username: '' });
    expect(blank.status).toBe(400);
    expect(new Set(blank.body.payload.fields.map((f: { path: string }) => f.path))).toEqual(
      new Set(['body.email', 'body.username']),
    );
  });

  it('makes exactly one account when the same person is created many times at once', async () => {
    const person = fresh();
    const results = await Promise.all(Array.from({ length: 20 }, () => create(person)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    const rows = await server.database.db.select().from(accounts).where(eq(accounts.email, person.email));
    expect(rows).toHaveLength(1);
  });

  it('keeps a message that is too long or holds control characters out', async () => {
    const nul = await create({ ...fresh(), message: 'hello\u0000there' });
    expect(nul.status).toBe(400);
    const long = await create({ ...fresh(), message: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.payload.fields).toEqual([expect.objectContaining({ path: 'body.message' })]);
    const blank = await create({ ...fresh(), message: '   ' });
    expect(blank.status).toBe(200);
    expect(blank.body.payload.message).toBeNull();
  });

  it('lets an account that never chose a password use forgot password instead', async () => {
    const person = fresh();
    expect((await create(person)).status).toBe(200);
    expect(
      (await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: person.email } })).status,
    ).toBe(200);
    const mails = await mailsTo(server, person.email);
    expect(mails).toHaveLength(2);
    const linkOf = (subject: string) =>
      mails.find((m) => m.subject.includes(subject))!.links.find((l) => l.includes('/change-password/'))!;
    const resetLink = linkOf('Reset your');
    expect(resetLink).not.toContain('welcome=1');
    const password = 'forgot-Password-553';
    expect(
      (await server.request('POST', `/api/v1/auth/reset-password/${tokenIn(resetLink)}`, { body: { password } }))
        .status,
    ).toBe(200);
    expect((await login(person.email, password)).status).toBe(200);
    // A newer link replaces the welcome link.
    const welcome = linkOf('choose a password');
    expect(
      (
        await server.request('POST', `/api/v1/auth/reset-password/${tokenIn(welcome)}`, {
          body: { password: 'welcome-Password-553' },
        })
      ).status,
    ).toBe(400);
  });
});
