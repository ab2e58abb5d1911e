import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
let n = 0;
const ip = () => ({ 'x-forwarded-for': `198.51.100.${++n % 250}` });
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const register = (password: string, username = `strength_${++n}`) =>
  server.request('POST', '/api/v1/auth/register', {
    body: { username, email: `${username}@example.test`, password, acceptTerms: true },
    headers: ip(),
  });

describe('password strength (zxcvbn score 3 or more)', () => {
  it.each([
    ['aaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['abcabcabc', 'Repeated character patterns like "abcabcabc" are easy to guess.'],
    ['Password1!', 'This is similar to a commonly used password.'],
    ['12345678910', 'This is a very common password.'],
  ])('refuses %s at sign-up with the reason, and creates nothing', async (password, reason) => {
    const res = await register(password);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^(This password is too easy to guess\.|This password appears in lists)/);
    if (res.body.message.startsWith('This password is too easy')) expect(res.body.message).toContain(reason);
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: `strength_${n}`, password },
      headers: ip(),
    });
    expect(login.status).toBe(400);
  });

  it('refuses a password made of the account’s own username', async () => {
    const username = `marigold_${Date.now().toString(36)}`;
    const res = await register(`${username}1`, username);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^This password is too easy to guess\./);
  });

  it('accepts a passphrase and a long random password', async () => {
    expect((await register('violet-canyon-harbor')).status).toBe(200);
    expect((await register('x7$Kq!2pLz9#Vm4w')).status).toBe(200);
  });

  it('refuses a weak new password on change, keeping the old one', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const res = await server.request('PATCH', '/api/v1/public/profile/password', {
      token,
      body: { currentPassword: account.password, newPassword: 'aaaaaaaaaaaa' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^This password is too easy to guess\./);
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: account.username, password: account.password },
      headers: ip(),
    });
    expect(login.status).toBe(200);
  });

  it('answers a 128-character password within a second, not the estimator’s worst case', async () => {
    const started = performance.now();
    const res = await register('Ab1-'.repeat(32));
    expect(res.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
