import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#platform/db/schema.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const login = (body: unknown) => server.request('POST', '/api/v1/auth/login', { body });

describe('sign-in, current user and logout', () => {
  it('signs in by email or username, case-insensitively, and returns a token and the user', async () => {
    const account = await server.buildAccount({ username: 'Alice_01', email: 'alice@example.test' });
    for (const name of ['alice@example.test', 'ALICE@example.TEST', 'alice_01', 'Alice_01']) {
      const res = await login({ login: name, password: account.password });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Login successful');
      expect(res.body.payload.accessToken).toMatch(/^ey/);
      expect(res.body.payload.user).toMatchObject({ username: 'Alice_01', role: 'User', balance: 0, reseller: 0 });
      expect(JSON.stringify(res.body.payload.user)).not.toContain('argon2');
    }
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const account = await server.buildAccount();
    const wrong = await login({ login: account.email, password: 'not-the-password' });
    const unknown = await login({ login: 'nobody@example.test', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid email/username or password');
  });

  it('answers /auth/me with role, username, balance in dollars and flags', async () => {
    const account = await server.buildAccount({ role: 'Manager' });
    await server.database.db.update(accounts).set({ balanceCents: 123_456 }).where(eq(accounts.id, account.id));
    const res = await server.request('GET', '/api/v1/auth/me', { token: await server.tokenFor(account) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User details');
    expect(res.body.payload).toMatchObject({
      id: account.id,
      username: account.username,
      role: 'Manager',
      balance: 1234.56,
      manager: true,
      support: false,
      reseller: 0,
      emailVerified: true,
      twoFactorEnabled: false,
    });
  });

  it('marks reseller accounts with reseller 1', async () => {
    const reseller = await server.buildAccount({ reseller: true });
    const res = await server.request('GET', '/api/v1/auth/me', { token: await server.tokenFor(reseller) });
    expect(res.body.payload.reseller).toBe(1);
  });

  it('revokes the session on logout: the old token then gets 401, other sessions keep working', async () => {
    const account = await server.buildAccount();
    const first = (await login({ login: account.username, password: account.password })).body.payload.accessToken;
    const second = (await login({ login: account.username, password: account.password })).body.payload.accessToken;
    const out = await server.request('POST', '/api/v1/auth/logout', { token: first });
    expect(out.body).toEqual({ status: 200, message: 'Logged out', payload: null });
    const after = await server.request('GET', '/api/v1/auth/me', { token: first });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('session revoked');
    expect((await server.request('GET', '/api/v1/auth/me', { token: second })).status).toBe(200);
  });

  it('refuses sign-in to a disabled account and ends its open sessions', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    await server.database.db
      .update(accounts)
      .set({ disabledAt: sql`now()` })
      .where(eq(accounts.id, account.id));
    const res = await login({ login: account.email, password: account.password });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This account is disabled. Contact support.');
    expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
  });

  it('ends the sessions of a deleted account', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    await server.database.db
      .update(accounts)
      .set({ deletedAt: sql`now()` })
      .where(eq(accounts.id, account.id));
    expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    expect((await login({ login: account.email, password: account.password })).status).toBe(400);
  });
});

describe('new sign-in mail', () => {
  it('is sent for a sign-in from a new address, not for the first sign-in or a known address', async () => {
    const trusted = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const account = await trusted.buildAccount();
      const from = (ip: string) =>
        trusted.request('POST', '/api/v1/auth/login', {
          body: { login: account.email, password: account.password },
          headers: { 'x-forwarded-for': ip },
        });
      const newSignInMails = async () =>
        (await mailsTo(trusted, account.email)).filter((m) => m.subject === 'New sign-in to Tollgate');
      await from('198.51.100.1');
      await from('198.51.100.1');
      expect(await newSignInMails()).toHaveLength(0);
      await from('203.0.113.77');
      await expect.poll(async () => (await newSignInMails()).length).toBe(1);
      expect((await newSignInMails())[0]!.text).toContain('203.0.113.77');
    } finally {
      await trusted.close();
    }
  });
});
