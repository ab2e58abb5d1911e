import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInBackoffs } from '#platform/db/schema.ts';
import { linkFrom, mailsTo, tokenIn } from '#test/auth-helpers.ts';
import { forgetQuietSignInBackoffs } from './session.service';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

let server: TestServer;
let n = 0;
// Each attempt from an address of its own unless a test says otherwise: the per-IP limit never decides.
const nextIp = () => `203.0.113.${(++n % 250) + 1}`;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const login = (body: { login: string; password: string }, ip = nextIp(), cookie?: string) =>
  server.request('POST', '/api/v1/auth/login', {
    body,
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
  });
/** The account's shared bucket: every device it has not signed in from. */
const shared = (account: TestAccount) => `account:${account.id}`;
const throttleOf = async (account: TestAccount) =>
  (
    await server.database.db
      .select()
      .from(signInBackoffs)
      .where(eq(signInBackoffs.subject, shared(account)))
  )[0];
/** The back-off's wait passing, on the database clock every instance reads. */
const letWaitPass = (account: TestAccount) =>
  server.database.db
    .update(signInBackoffs)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInBackoffs.accountId, account.id));
/**
 * The first wait is 2 s; a loaded machine can take longer than that for 35 sequential attempts, and
 * the attacker would then rightly get one more try. The attack's later attempts run as if in the
 * same instant: the shared bucket's wait is held for ten minutes.
 */
const holdWait = (account: TestAccount) =>
  server.database.db
    .update(signInBackoffs)
    .set({ blockedUntil: sql`now() + interval '10 minutes'` })
    .where(and(eq(signInBackoffs.accountId, account.id), eq(signInBackoffs.subject, `account:${account.id}`)));
/** Forty guesses from forty addresses: five checked, then the first refusal, then the rest in a held wait. */
async function attack(account: TestAccount, password = (i: number) => `wrong-guess-${i}`) {
  const answers = [];
  for (let i = 0; i < 40; i++) {
    if (i === 6) await holdWait(account);
    answers.push(await login({ login: account.email, password: password(i) }));
  }
  return answers;
}
/** The device cookie a successful password sign-in leaves in the browser, as the browser sends it back. */
async function knownDevice(account: TestAccount, cookie?: string): Promise<string> {
  const answer = await login({ login: account.email, password: account.password }, nextIp(), cookie);
  expect(answer.status).toBe(200);
  const set = answer.headers.get('set-cookie') ?? '';
  expect(set).toMatch(/^tg_device=[^;]+; Path=\/api\/v1\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict/);
  return set.split(';')[0]!;
}
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
    const answers = await attack(account);
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

describe('device cookies: strangers cannot lock the owner out (ADR 047)', () => {
  it('lets the owner in from its known device while 40 addresses keep the account in back-off', async () => {
    const owner = await server.buildAccount();
    const device = await knownDevice(owner);
    const answers = await attack(owner, (i) => `guess-${i}`);
    expect(answers.map((r) => r.status)).toEqual([...Array(5).fill(400), ...Array(35).fill(429)]);
    // The attacker's own right guess would wait too; the owner's device does not.
    expect((await login({ login: owner.email, password: owner.password })).status).toBe(429);
    const mine = await login({ login: owner.username, password: owner.password }, nextIp(), device);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ payload: { accessToken: expect.any(String) } });
    // The owner's success does not wipe the strangers' count: guessing stays slowed.
    expect((await login({ login: owner.email, password: 'guess-41' })).status).toBe(429);
  });

  it("throttles a known device's own failures on their own, apart from the account's shared bucket", async () => {
    const owner = await server.buildAccount();
    const device = await knownDevice(owner);
    const typos = [];
    for (let i = 0; i < 6; i++)
      typos.push((await login({ login: owner.email, password: `typo-${i}` }, nextIp(), device)).status);
    expect(typos).toEqual([400, 400, 400, 400, 400, 429]);
    // Other devices still have their five tries; no warning mail for the owner's own typos.
    expect((await login({ login: owner.email, password: 'typo-x' })).status).toBe(400);
    expect(await throttleOf(owner)).toMatchObject({ failures: 1 });
  });

  it("refuses another account's device token, a forged one and a tampered one: they count as strangers", async () => {
    const victim = await server.buildAccount();
    const attacker = await server.buildAccount();
    const attackersDevice = await knownDevice(attacker);
    const value = attackersDevice.slice('tg_device='.length);
    const [, nonce, mac] = value.split('.');
    const forged = [
      attackersDevice,
      `tg_device=${victim.id}.${nonce}.${mac}`,
      `tg_device=${victim.id}.AAAAAAAAAAAAAAAA.${'A'.repeat(22)}`,
      `tg_device=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`,
      `tg_device=${'x'.repeat(5_000)}`,
    ];
    for (let i = 0; i < 5; i++)
      expect((await login({ login: victim.email, password: 'guess' }, nextIp(), forged[i]!)).status).toBe(400);
    expect((await login({ login: victim.email, password: victim.password }, nextIp(), forged[1]!)).status).toBe(429);
  });

  it('keeps one token per account in one browser, for several accounts', async () => {
    const first = await server.buildAccount();
    const second = await server.buildAccount();
    const afterFirst = await knownDevice(first);
    const both = await knownDevice(second, afterFirst);
    for (let i = 0; i < 5; i++) await login({ login: first.email, password: 'guess' });
    expect((await login({ login: first.email, password: first.password }, nextIp(), both)).status).toBe(200);
  });
});

describe('the hourly sweep', () => {
  it('forgets buckets quiet for the window and keeps those still waiting or recent', async () => {
    const quiet = `nobody-quiet-${Date.now()}@example.test`;
    const recent = await server.buildAccount();
    await login({ login: quiet, password: 'guess' });
    await login({ login: recent.email, password: 'guess' });
    const db = server.database.db;
    await db.execute(
      sql`update sign_in_backoffs set last_failed_at = now() - interval '2 hours' where subject like 'login:%'`,
    );
    await forgetQuietSignInBackoffs(db);
    const left = await db.select({ subject: signInBackoffs.subject }).from(signInBackoffs);
    expect(left.some((row) => row.subject.startsWith('login:'))).toBe(false);
    expect(left.map((row) => row.subject)).toContain(shared(recent));
  });
});

describe('unknown logins answer as known ones do', () => {
  it('backs off a login that names no account after the same five tries, with the same answer', async () => {
    const known = await server.buildAccount();
    const unknown = `nobody-${Date.now()}@example.test`;
    const knownAnswers = [];
    const unknownAnswers = [];
    for (let i = 0; i < 7; i++) {
      knownAnswers.push(await login({ login: known.email, password: `guess-${i}` }));
      unknownAnswers.push(await login({ login: unknown, password: `guess-${i}` }));
    }
    expect(unknownAnswers.map((r) => r.status)).toEqual(knownAnswers.map((r) => r.status));
    expect(unknownAnswers.map((r) => r.body.message)).toEqual(knownAnswers.map((r) => r.body.message));
    expect(unknownAnswers[6]!.headers.get('retry-after')).toBe(knownAnswers[6]!.headers.get('retry-after'));
    // Spellings that differ only in case share the bucket, as an account's email does.
    expect((await login({ login: unknown.toUpperCase(), password: 'guess' })).status).toBe(429);
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
