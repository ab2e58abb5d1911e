import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, tokenIn } from '#test/auth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

const BREACHED = 'This password appears in lists of leaked passwords that attackers try first. Choose a different one.';

let server: TestServer;
let n = 0;
const ip = () => ({ 'x-forwarded-for': `198.51.100.${++n}` });
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

describe('passwords from breach lists', () => {
  it.each(['password', '12345678', 'Password1', 'qwertyuiop'])(
    'refuses %s at sign-up, saying why, and creates nothing',
    async (password) => {
      const email = `breached${++n}@example.test`;
      const res = await server.request('POST', '/api/v1/auth/register', {
        body: { username: `breached_${n}`, email, password, acceptTerms: true },
        headers: ip(),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BREACHED);
      const login = await server.request('POST', '/api/v1/auth/login', {
        body: { login: email, password },
        headers: ip(),
      });
      expect(login.status).toBe(400);
    },
  );

  it('refuses a breached new password on change and keeps the old one', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const res = await server.request('PATCH', '/api/v1/public/profile/password', {
      token,
      body: { currentPassword: account.password, newPassword: 'password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BREACHED);
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: account.username, password: account.password },
      headers: ip(),
    });
    expect(login.status).toBe(200);
  });

  it('refuses a breached password on reset and leaves the link usable for a good one', async () => {
    const account = await server.buildAccount();
    await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: account.email }, headers: ip() });
    const token = tokenIn(await linkFrom(server, account.email, '/change-password/'));
    const refused = await server.request('POST', `/api/v1/auth/reset-password/${token}`, {
      body: { password: '12345678' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(BREACHED);
    const accepted = await server.request('POST', `/api/v1/auth/reset-password/${token}`, {
      body: { password: 'A-long-unlisted-passphrase-7' },
    });
    expect(accepted.status).toBe(200);
  });
});
