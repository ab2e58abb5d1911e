import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentStep, linkFrom, tokenIn, totpCode } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

let server: TestServer;
let n = 0;
const ip = () => ({ 'x-forwarded-for': `192.0.2.${++n}` });
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const login = (account: TestAccount, password = account.password) =>
  server.request('POST', '/api/v1/auth/login', { body: { login: account.username, password }, headers: ip() });
const complete = (twoFactorToken: string, totp: string) =>
  server.request('POST', `/api/v1/auth/2fa/${twoFactorToken}`, { body: { totp }, headers: ip() });

/** Turns two-factor on; answers the secret, the backup codes and the step the enabling code used. */
async function enableTwoFactor(account: TestAccount, token: string) {
  const setup = await server.request('GET', '/api/v1/auth/mfa', { token });
  expect(setup.body.payload).toMatchObject({
    enabled: false,
    qrCodeDataUrl: expect.stringMatching(/^data:image\/png;base64,/),
  });
  expect(setup.body.payload.otpauthUrl).toContain(`secret=${setup.body.payload.secret}`);
  const secret: string = setup.body.payload.secret;
  const step = currentStep();
  const res = await server.request('POST', '/api/v1/auth/mfa', { token, body: { totp: totpCode(secret, step) } });
  expect(res.body.message).toBe('Two-factor authentication enabled');
  return { secret, backupCodes: res.body.payload.backupCodes as string[], step };
}

describe('two-factor authentication', () => {
  it('shows the same pending secret until two-factor is turned on', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const first = await server.request('GET', '/api/v1/auth/mfa', { token });
    const second = await server.request('GET', '/api/v1/auth/mfa', { token });
    expect(second.body.payload.secret).toBe(first.body.payload.secret);
  });

  it('refuses a wrong code at setup and leaves two-factor off', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const setup = await server.request('GET', '/api/v1/auth/mfa', { token });
    const wrong = totpCode(setup.body.payload.secret, currentStep() + 10);
    const res = await server.request('POST', '/api/v1/auth/mfa', { token, body: { totp: wrong } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid code. Enter the current code from your authenticator app.');
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.twoFactorEnabled).toBe(false);
  });

  it('turns on with a code, gives ten backup codes, ends other sessions and keeps the current one', async () => {
    const account = await server.buildAccount();
    const current = await server.tokenFor(account);
    const other = await server.tokenFor(account);
    const { backupCodes } = await enableTwoFactor(account, current);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect((await server.request('GET', '/api/v1/auth/me', { token: other })).status).toBe(401);
    const me = await server.request('GET', '/api/v1/auth/me', { token: current });
    expect(me.body.payload.twoFactorEnabled).toBe(true);
    expect((await server.request('GET', '/api/v1/auth/mfa', { token: current })).body.payload).toEqual({
      enabled: true,
      backupCodesRemaining: 10,
    });
  });

  it('makes sign-in ask for a code, accepts a fresh code once and refuses its replay', async () => {
    const account = await server.buildAccount();
    const { secret, step } = await enableTwoFactor(account, await server.tokenFor(account));

    const first = await login(account);
    expect(first.body.message).toBe('Two-factor code required');
    expect(first.body.payload).toEqual({ twoFactorToken: expect.any(String) });

    // The code of the step used to enable two-factor was spent already: it is refused.
    expect((await complete(first.body.payload.twoFactorToken, totpCode(secret, step))).body.message).toBe(
      'Invalid code. Enter the current code from your authenticator app.',
    );
    const code = totpCode(secret, step + 1);
    const done = await complete(first.body.payload.twoFactorToken, code);
    expect(done.body.message).toBe('Login successful');
    expect(done.body.payload.accessToken).toMatch(/^ey/);

    const second = await login(account);
    const replay = await complete(second.body.payload.twoFactorToken, code);
    expect(replay.status).toBe(400);
    // The step token cannot be reused after a successful sign-in either.
    expect((await complete(first.body.payload.twoFactorToken, totpCode(secret, step + 1))).body.message).toBe(
      'This sign-in has expired. Sign in again.',
    );
  });

  it('accepts each backup code once', async () => {
    const account = await server.buildAccount();
    const { backupCodes } = await enableTwoFactor(account, await server.tokenFor(account));
    const first = await login(account);
    expect((await complete(first.body.payload.twoFactorToken, backupCodes[0]!.toUpperCase())).status).toBe(200);
    const second = await login(account);
    expect((await complete(second.body.payload.twoFactorToken, backupCodes[0]!)).status).toBe(400);
  });

  it('burns the sign-in step after five wrong codes', async () => {
    const account = await server.buildAccount();
    const { secret, step } = await enableTwoFactor(account, await server.tokenFor(account));
    const { twoFactorToken } = (await login(account)).body.payload;
    for (let i = 0; i < 5; i++) await complete(twoFactorToken, '000000');
    const res = await complete(twoFactorToken, totpCode(secret, step + 1));
    expect(res.body.message).toBe('This sign-in has expired. Sign in again.');
  });

  it('turns off only with a valid code and ends other sessions', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const { backupCodes } = await enableTwoFactor(account, token);
    const other = await server.tokenFor(account);
    expect((await server.request('DELETE', '/api/v1/auth/mfa', { token, body: { totp: '123456' } })).status).toBe(400);
    const off = await server.request('DELETE', '/api/v1/auth/mfa', { token, body: { totp: backupCodes[1] } });
    expect(off.body.message).toBe('Two-factor authentication disabled');
    expect((await server.request('GET', '/api/v1/auth/me', { token: other })).status).toBe(401);
    expect((await login(account)).body.payload.accessToken).toBeDefined();
  });
});

describe('password reset', () => {
  it('answers known and unknown addresses alike and mails only the known one', async () => {
    const account = await server.buildAccount();
    const forgot = (email: string) =>
      server.request('POST', '/api/v1/auth/forgot-password', { body: { email }, headers: ip() });
    const known = await forgot(account.email);
    const unknown = await forgot('nobody-at-all@example.test');
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('If an account exists for that email, a reset link has been sent.');
    expect(await linkFrom(server, account.email, '/change-password/')).toContain('/change-password/');
  });

  it('sets the new password once, ends every session and never skips two-factor', async () => {
    const account = await server.buildAccount();
    const { secret, step } = await enableTwoFactor(account, await server.tokenFor(account));
    const oldToken = (await complete((await login(account)).body.payload.twoFactorToken, totpCode(secret, step + 1)))
      .body.payload.accessToken;

    await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: account.email }, headers: ip() });
    const token = tokenIn(await linkFrom(server, account.email, '/change-password/'));
    const reset = await server.request('POST', `/api/v1/auth/reset-password/${token}`, {
      body: { password: 'Brand-new-pass-7' },
    });
    expect(reset.body).toEqual({ status: 200, message: 'Password changed', payload: null });
    expect((await server.request('GET', '/api/v1/auth/me', { token: oldToken })).status).toBe(401);
    expect(
      (await server.request('POST', `/api/v1/auth/reset-password/${token}`, { body: { password: 'Another-pass-8' } }))
        .status,
    ).toBe(400);

    expect((await login(account)).status).toBe(400);
    const again = await login(account, 'Brand-new-pass-7');
    expect(again.body.payload).toEqual({ twoFactorToken: expect.any(String) });
  });

  it('refuses a weak new password and changes nothing', async () => {
    const account = await server.buildAccount();
    await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: account.email }, headers: ip() });
    const token = tokenIn(await linkFrom(server, account.email, '/change-password/'));
    const res = await server.request('POST', `/api/v1/auth/reset-password/${token}`, { body: { password: 'short' } });
    expect(res.body.message).toBe('Validation Error');
    expect((await login(account)).status).toBe(200);
  });
});
