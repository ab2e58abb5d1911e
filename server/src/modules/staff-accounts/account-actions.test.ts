import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, backupCodes } from '#platform/db/schema.ts';
import { currentStep, mailsTo, totpCode } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let manager: TestAccount;
let managerToken: string;
let support: TestAccount;
let supportToken: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
  manager = await server.buildAccount({ role: 'Manager' });
  managerToken = await server.tokenFor(manager);
  support = await server.buildAccount({ role: 'Support' });
  supportToken = await server.tokenFor(support);
});
afterAll(() => server.close());

const call = (method: string, path: string, token = adminToken) => server.request(method, `/api/v1${path}`, { token });
const rowOf = async (id: string) => (await server.database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const actionsOn = async (id: string) =>
  (await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((r) => r.action);

/** A customer with two-factor on, set up through the API as the customer does it. */
async function withTwoFactor() {
  const account = await server.buildAccount();
  const token = await server.tokenFor(account);
  const secret: string = (await server.request('GET', '/api/v1/auth/mfa', { token })).body.payload.secret;
  const on = await server.request('POST', '/api/v1/auth/mfa', {
    token,
    body: { totp: totpCode(secret, currentStep()) },
  });
  expect(on.status).toBe(200);
  return account;
}

describe('verification', () => {
  it('verifyy marks the address verified without mail; reverify unverifies and mails a link, once a minute', async () => {
    const customer = await server.buildAccount({ emailVerified: false });
    const verified = await call('POST', `/admin/accounts/verifyy/${customer.id}`);
    expect(verified.body).toMatchObject({ status: 200, message: 'Account verified', payload: { emailVerified: true } });
    expect((await call('POST', `/admin/accounts/verifyy/${customer.id}`)).status).toBe(200);

    const again = await call('POST', `/admin/accounts/reverify/${customer.id}`);
    expect(again.body).toMatchObject({ message: 'Verification email sent', payload: { emailVerified: false } });
    const mails = await mailsTo(server, customer.email);
    expect(mails.filter((m) => m.links.some((l) => l.includes('/verify-email/process/')))).toHaveLength(1);
    const tooSoon = await call('POST', `/admin/accounts/reverify/${customer.id}`);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.payload.retryAfterSeconds).toBeGreaterThan(0);
    expect(await actionsOn(customer.id)).toEqual(['account.verify', 'account.reverify']);
  });

  it('refuses to verify one’s own address, and support reaches customers only', async () => {
    const own = await call('POST', `/admin/accounts/verifyy/${admin.id}`);
    expect(own.status).toBe(400);
    const customer = await server.buildAccount({ emailVerified: false });
    const res = await call('POST', `/support/accounts/verifyy/${customer.id}`, supportToken);
    expect(res.body.payload).toMatchObject({ id: customer.id, emailVerified: true });
    expect(res.text).not.toContain('"balance"');
    for (const id of [manager.id, admin.id, support.id, UNKNOWN])
      expect((await call('POST', `/support/accounts/verifyy/${id}`, supportToken)).status).toBe(404);
    const reseller = await server.buildAccount({ reseller: true });
    expect((await call('POST', `/support/accounts/reverify/${reseller.id}`, supportToken)).status).toBe(404);
    // Managers keep to customers; a Manager may re-send their own link.
    expect((await call('POST', `/admin/accounts/verifyy/${support.id}`, managerToken)).status).toBe(403);
    expect((await call('POST', `/admin/accounts/reverify/${manager.id}`, managerToken)).status).toBe(200);
  });
});

describe('Google and two-factor', () => {
  it('unlinks Google only when the account has a password to sign in with', async () => {
    const customer = await server.buildAccount();
    expect((await call('POST', `/admin/accounts/delgoogle/${customer.id}`)).body.payload.error).toBe(
      'No Google sign-in is linked to this account',
    );
    await server.database.db.update(accounts).set({ googleSubject: 'g-123' }).where(eq(accounts.id, customer.id));
    const res = await call('POST', `/support/accounts/delgoogle/${customer.id}`, supportToken);
    expect(res.body).toMatchObject({ message: 'Google sign-in removed', payload: { googleLinked: false } });

    const googleOnly = await server.buildAccount();
    await server.database.db
      .update(accounts)
      .set({ googleSubject: 'g-456', passwordHash: null })
      .where(eq(accounts.id, googleOnly.id));
    const refused = await call('POST', `/admin/accounts/delgoogle/${googleOnly.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/only way this account signs in/);
    expect((await rowOf(googleOnly.id)).googleSubject).toBe('g-456');
  });

  it('turns two-factor off (secret and backup codes gone, sessions kept) and tells the owner', async () => {
    const customer = await withTwoFactor();
    const token = await server.tokenFor(customer);
    const res = await call('DELETE', `/admin/accounts/${customer.id}/disable-2fa`, managerToken);
    expect(res.body).toMatchObject({
      message: 'Two-factor authentication disabled',
      payload: { twoFactorEnabled: false },
    });
    expect(await rowOf(customer.id)).toMatchObject({
      twoFactorEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
    });
    const codes = await server.database.db.select().from(backupCodes).where(eq(backupCodes.accountId, customer.id));
    expect(codes).toEqual([]);
    expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(200);
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: customer.email, password: customer.password },
    });
    expect(login.body.payload.accessToken).toBeTruthy();
    expect(
      (await mailsTo(server, customer.email)).some((m) => /Two-factor authentication is off/.test(m.subject)),
    ).toBe(true);
    expect((await call('DELETE', `/admin/accounts/${customer.id}/disable-2fa`)).status).toBe(400);
    const own = await call('DELETE', `/admin/accounts/${admin.id}/disable-2fa`);
    expect(own.body.message).toBe('Turn off your own two-factor authentication in your profile, with a code');
    expect((await call('DELETE', `/support/accounts/${admin.id}/disable-2fa`, supportToken)).status).toBe(404);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.id), eq(auditLog.action, 'account.two-factor.disable')));
    expect(entry).toMatchObject({ actorId: manager.id, before: { twoFactorEnabled: true } });
  });
});

describe('password link', () => {
  it('mails the customer the forgot-password link, from the admin and the support desk, audited', async () => {
    const customer = await server.buildAccount();
    const res = await call('POST', `/admin/send/forgot-passwordlink/${customer.id}`);
    expect(res.body).toEqual({ status: 200, message: 'Password reset link sent', payload: null });
    expect((await call('POST', `/support/send/forgot-passwordlink/${customer.id}`, supportToken)).status).toBe(200);
    const links = (await mailsTo(server, customer.email))
      .flatMap((m) => m.links)
      .filter((l) => l.includes('/change-password/'));
    expect(links).toHaveLength(2);
    // Only the newest link works; the older one was withdrawn when the second was sent.
    const reset = (link: string) =>
      server.request('POST', `/api/v1/auth/reset-password/${link.split('/').pop()}`, {
        body: { password: 'A-brand-new-pass-7' },
      });
    const outcomes = [(await reset(links[0]!)).status, (await reset(links[1]!)).status];
    expect(outcomes.sort()).toEqual([200, 400]);
    // The customer had a password: its owner is told it changed.
    expect((await mailsTo(server, customer.email)).map((m) => m.subject)).toContain(
      'Your Tollgate password was changed',
    );
    expect(await actionsOn(customer.id)).toEqual(['account.password-link', 'account.password-link']);
    expect((await call('POST', `/support/send/forgot-passwordlink/${manager.id}`, supportToken)).status).toBe(404);
    expect((await call('POST', `/admin/send/forgot-passwordlink/${UNKNOWN}`)).status).toBe(404);
  });
});

describe('avatar', () => {
  async function upload(userId: string, bytes: Buffer, type = 'image/png', token = adminToken) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'a.png');
    const res = await fetch(`${server.url}/api/v1/admin/updatemyavatar/${userId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  it('replaces and removes a customer’s picture with the customer’s own rules, audited', async () => {
    const customer = await server.buildAccount();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const res = await upload(customer.id, png);
    expect(res.status).toBe(200);
    expect(res.body.payload.avatarUrl).toMatch(/^\/uploads\/avatars\//);
    expect((await rowOf(customer.id)).avatarUrl).toBe(res.body.payload.avatarUrl);
    expect((await fetch(`${server.url}${res.body.payload.avatarUrl}`)).status).toBe(200);

    expect(
      (await upload(customer.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).status,
    ).toBe(400);
    expect((await upload(UNKNOWN, png)).status).toBe(404);
    expect((await upload(admin.id, png, 'image/png', managerToken)).status).toBe(403);

    const removed = await call('DELETE', `/admin/deletemyavatar/${customer.id}`);
    expect(removed.body).toEqual({ status: 200, message: 'Avatar deleted', payload: null });
    expect((await rowOf(customer.id)).avatarUrl).toBeNull();
    expect((await fetch(`${server.url}${res.body.payload.avatarUrl}`)).status).toBe(404);
    expect(await actionsOn(customer.id)).toEqual(['account.avatar.update', 'account.avatar.delete']);
  });
});
