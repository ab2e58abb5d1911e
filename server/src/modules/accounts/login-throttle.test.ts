import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles } from '#platform/db/schema.ts';
import { linkFrom, mailsTo, tokenIn } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

let server: TestServer;
let n = 0;
// Each attempt from an address of its own unless a test says otherwise: the per-IP limit never decides.
const nextIp = () => `203.0.113.${(++n % 250) + 1}`;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const login = (body: { login: string; password: string }, ip = nextIp()) =>
  server.request('POST', '/api/v1/auth/login', { body, headers: { 'x-forwarded-for': ip } });
const throttleOf = async (account: TestAccount) =>
  (await server.database.db.select().from(loginThrottles).where(eq(loginThrottles.accountId, account.id)))[0];
/** The back-off's wait passing, on the database clock every instance reads. */
const letWaitPass = (account: TestAccount) =>
  server.database.db
    .update(loginThrottles)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(loginThrottles.accountId, account.id));
/** The warning is sent beside the answer, not before it: wait (bounded) for the first, then count. */
async function failedSignInMails(account: TestAccount) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mails = (await mailsTo(server, account.email)).filter(
      (m) => m.subject === 'Failed sign-ins to your Tollgate account',
    );
    if (mails.length > 0 || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('per-account sign-in back-off', () => {
  it('slows 40 addresses guessing one account after five tries, even for the right password, and mails the owner once', async () => {
    const account = await server.buildAccount();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await login({ login: account.email, password: `wrong-guess-${i}` }));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    const refused = answers.slice(5);
    expect(refused.map((r) => r.status)).toEqual(Array(35).fill(429));
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(refused[0]!.body).toMatchObject({
      status: 429,
      message: `Too many failed sign-ins to this account. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      payload: { retryAfterSeconds: retryAfter },
    });

    const right = await login({ login: account.email, password: account.password });
    expect(right.status).toBe(429);
    expect((await throttleOf(account))?.failures).toBe(5);

    const mails = await failedSignInMails(account);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links.some((l) => l.endsWith('/forgot-password'))).toBe(true);
  });

  it('counts email and username spellings of one account in one bucket', async () => {
    const account = await server.buildAccount();
    const spellings = [account.email, account.username.toUpperCase(), account.email.toUpperCase(), account.username];
    for (let i = 0; i < 5; i++) {
      expect((await login({ login: spellings[i % 4]!, password: 'wrong-guess' })).status).toBe(400);
    }
    expect((await login({ login: account.username, password: 'wrong-guess' })).status).toBe(429);
    expect((await login({ login: account.email, password: 'wrong-guess' })).status).toBe(429);
  });

  it('lets the owner in once the wait has passed, doubles the wait for each further failure, and a success clears it', async () => {
    const account = await server.buildAccount();
    for (let i = 0; i < 5; i++) await login({ login: account.username, password: 'wrong-guess' });
    await letWaitPass(account);
    expect((await login({ login: account.username, password: 'wrong-guess' })).status).toBe(400);
    const waits = Number((await login({ login: account.username, password: 'x-wrong' })).headers.get('retry-after'));
    expect(waits).toBeGreaterThan(2);
    expect(waits).toBeLessThanOrEqual(4);

    await letWaitPass(account);
    expect((await login({ login: account.username, password: account.password })).status).toBe(200);
    expect(await throttleOf(account)).toBeUndefined();
    expect((await login({ login: account.username, password: 'wrong-guess' })).status).toBe(400);
  });

  it('never makes the owner wait more than 15 minutes', async () => {
    const account = await server.buildAccount();
    for (let i = 0; i < 30; i++) {
      await letWaitPass(account);
      await login({ login: account.email, password: 'wrong-guess' });
    }
    const retryAfter = Number(
      (await login({ login: account.email, password: 'wrong-guess' })).headers.get('retry-after'),
    );
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('counts 20 parallel wrong tries exactly: five are checked, fifteen refused', async () => {
    const account = await server.buildAccount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login({ login: account.email, password: 'wrong-guess' })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
    expect((await throttleOf(account))?.failures).toBe(5);
    expect(await failedSignInMails(account)).toHaveLength(1);
  });

  it('is cleared by a password reset', async () => {
    const account = await server.buildAccount();
    for (let i = 0; i < 6; i++) await login({ login: account.email, password: 'wrong-guess' });
    await server.request('POST', '/api/v1/auth/forgot-password', {
      body: { email: account.email },
      headers: { 'x-forwarded-for': nextIp() },
    });
    const token = tokenIn(await linkFrom(server, account.email, '/change-password/'));
    const newPassword = 'A-fresh-unlisted-passphrase-9';
    expect(
      (await server.request('POST', `/api/v1/auth/reset-password/${token}`, { body: { password: newPassword } }))
        .status,
    ).toBe(200);
    expect((await login({ login: account.email, password: newPassword })).status).toBe(200);
  });
});

describe('per-address sign-in limit', () => {
  it('limits unknown logins by address, so trying many names from one address is not unlimited', async () => {
    const ip = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push((await login({ login: `nobody-${i}@example.test`, password: 'x-wrong-1' }, ip)).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers[10]).toBe(429);
  });
});
