import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, oneTimeTokens } from '#platform/db/schema.ts';
import { linkFrom, mailsTo, tokenIn } from '#test/auth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
let n = 0;
// A client address per test, so the per-client sign-up limit never decides a case.
const ip = () => ({ 'x-forwarded-for': `192.0.2.${++n}` });
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const register = (body: Record<string, unknown>) =>
  server.request('POST', '/api/v1/auth/register', { body: { acceptTerms: true, ...body }, headers: ip() });

describe('sign-up and email verification', () => {
  it('creates an unverified customer, mails a verification link, and the link verifies once', async () => {
    const res = await register({ username: 'new_buyer', email: 'Buyer@Example.test', password: 'Long-enough-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      message: 'Account created. Check your email to verify it.',
      payload: { email: 'buyer@example.test' },
    });
    const [account] = await server.database.db.select().from(accounts).where(eq(accounts.username, 'new_buyer'));
    expect(account).toMatchObject({ role: 'User', reseller: false, emailVerifiedAt: null, balanceCents: 0 });

    const link = await linkFrom(server, 'buyer@example.test', '/verify-email/process/');
    const first = await server.request('POST', `/api/v1/auth/verify-email/${tokenIn(link)}`);
    expect(first.body).toMatchObject({ status: 200, message: 'Email verified' });
    const again = await server.request('POST', `/api/v1/auth/verify-email/${tokenIn(link)}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link is invalid or has expired. Request a new one.');

    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: 'new_buyer', password: 'Long-enough-1' },
    });
    expect(login.body.payload.user.emailVerified).toBe(true);
  });

  it('lets an unverified account sign in, showing it is not verified yet', async () => {
    await register({ username: 'unverified_1', email: 'unverified1@example.test', password: 'Long-enough-1' });
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: 'unverified_1', password: 'Long-enough-1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.payload.user.emailVerified).toBe(false);
  });

  it('refuses a duplicate username, whatever the case, and creates nothing for it or for a taken email', async () => {
    await register({ username: 'taken_name', email: 'taken@example.test', password: 'Long-enough-1' });
    const sameEmail = await register({
      username: 'other_name',
      email: 'TAKEN@example.test',
      password: 'Long-enough-1',
    });
    expect(sameEmail.status).toBe(200);
    const sameName = await register({ username: 'TAKEN_NAME', email: 'other@example.test', password: 'Long-enough-1' });
    expect(sameName.body.message).toBe('Username is already taken');
    const rows = await server.database.db
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = 'other@example.test'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a .invalid address, where deleted accounts park theirs, so nobody can block a later deletion', async () => {
    const parked = await register({
      username: 'parker_1',
      email: 'deleted-00000000-0000-4000-8000-000000000000@deleted.invalid',
      password: 'Long-enough-1',
    });
    expect(parked.status).toBe(400);
    expect(parked.body.payload.fields).toEqual([expect.objectContaining({ message: 'Enter a valid email address' })]);
  });

  it('answers sign-ups racing for the same email alike and makes one account', async () => {
    const results = await Promise.all(
      ['racer_a', 'racer_b', 'racer_c'].map((username) =>
        register({ username, email: 'race@example.test', password: 'Long-enough-1' }),
      ),
    );
    // One account; the others get the same answer as a new address (the owner is mailed instead).
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await server.database.db.select().from(accounts).where(eq(accounts.email, 'race@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('answers a sign-up with a registered address exactly as a new one, and mails the owner instead', async () => {
    const owner = await server.buildAccount({ email: 'owner-of-it@example.test' });
    const fresh = await register({ username: 'fresh_one', email: 'Fresh-One@example.test', password: 'Long-enough-1' });
    const again = await register({
      username: 'someone_else',
      email: 'Owner-Of-It@example.test',
      password: 'Long-enough-1',
    });
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual({ ...fresh.body, payload: { email: 'owner-of-it@example.test' } });
    expect(Object.keys(again.body.payload)).toEqual(Object.keys(fresh.body.payload));

    const mails = await mailsTo(server, owner.email);
    expect(mails.map((m) => m.subject)).toEqual(['Someone tried to sign up to Tollgate with your address']);
    expect(mails[0]!.links).toEqual(expect.arrayContaining([`${server.url}/login`, `${server.url}/forgot-password`]));
    const made = await server.database.db.select().from(accounts).where(eq(accounts.username, 'someone_else'));
    expect(made).toHaveLength(0);
  });

  it('refuses weak passwords and bad fields with Validation Error details', async () => {
    const res = await register({ username: 'x', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation Error');
    expect(res.body.payload.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.email',
      'body.password',
      'body.username',
    ]);
  });

  it('ignores attempts to set role, balance or flags at sign-up, and keeps the referral code', async () => {
    const res = await register({
      username: 'sneaky',
      email: 'sneaky@example.test',
      password: 'Long-enough-1',
      role: 'Administrator',
      reseller: true,
      balanceCents: 1_000_000,
      emailVerified: true,
      referralCode: 'FRIEND42',
    });
    expect(res.status).toBe(200);
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, 'sneaky'));
    expect(row).toMatchObject({
      role: 'User',
      reseller: false,
      balanceCents: 0,
      emailVerifiedAt: null,
      referralCodeUsed: 'FRIEND42',
    });
  });

  it('refuses an expired verification link', async () => {
    await register({ username: 'late_clicker', email: 'late@example.test', password: 'Long-enough-1' });
    const link = await linkFrom(server, 'late@example.test', '/verify-email/process/');
    await server.database.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await server.request('POST', `/api/v1/auth/verify-email/${tokenIn(link)}`);
    expect(res.status).toBe(400);
  });

  it('resends at most one verification mail per cooldown and answers unknown addresses the same', async () => {
    await register({ username: 'resender', email: 'resend@example.test', password: 'Long-enough-1' });
    const resend = (email: string) =>
      server.request('POST', '/api/v1/auth/verify-email/resend', { body: { email }, headers: ip() });
    const known = await resend('resend@example.test');
    const unknown = await resend('nobody-here@example.test');
    expect(known.body).toEqual(unknown.body);
    expect(known.body.payload).toEqual({ retryAfterSeconds: 60 });
    expect(await mailsTo(server, 'resend@example.test')).toHaveLength(1);
    await server.database.db
      .update(accounts)
      .set({ verificationSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(accounts.username, 'resender'));
    await resend('resend@example.test');
    const mails = await mailsTo(server, 'resend@example.test');
    expect(mails).toHaveLength(2);
    // Only the newest link works: the older one was revoked when the new one was sent.
    const [newest, older] = mails.map((m) => tokenIn(m.links.find((l) => l.includes('/verify-email/process/'))!));
    expect((await server.request('POST', `/api/v1/auth/verify-email/${older}`)).status).toBe(400);
    expect((await server.request('POST', `/api/v1/auth/verify-email/${newest}`)).status).toBe(200);
  });

  it('limits sign-ups per client with 429', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.200' };
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await server.request('POST', '/api/v1/auth/register', {
        body: { username: `burst_${i}`, email: `burst${i}@example.test`, password: 'Long-enough-1', acceptTerms: true },
        headers,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('says a username is taken at most 4 times per client in 15 minutes, then answers 429 to any sign-up from it', async () => {
    const owner = await server.buildAccount({ username: 'popular_name' });
    const from = { 'x-forwarded-for': '203.0.113.201' };
    const signUp = (username: string, i: number, headers: Record<string, string>) =>
      server.request('POST', '/api/v1/auth/register', {
        body: { username, email: `prober${i}@example.test`, password: 'Long-enough-1', acceptTerms: true },
        headers,
      });
    for (const [i, name] of ['popular_name', 'POPULAR_NAME', owner.username, 'Popular_Name'].entries()) {
      const res = await signUp(name, i, from);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Username is already taken');
    }
    // The fifth, even for a free name, is refused: a 429 tells nothing about the name it asked for.
    const refused = await signUp('free_name_5', 5, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: 429,
      message: 'Too many requests, please try again later.',
      payload: { error: 'Too many requests, please try again later.', retryAfterSeconds: expect.any(Number) },
    });
    const wait = Number(refused.headers.get('retry-after'));
    // The 15-minute window, not the per-minute sign-up limit's.
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(refused.body.payload.retryAfterSeconds).toBe(wait);
    const [created] = await server.database.db.select().from(accounts).where(eq(accounts.username, 'free_name_5'));
    expect(created).toBeUndefined();
    // Another client still signs up, and is still told when a name is taken.
    const elsewhere = { 'x-forwarded-for': '203.0.113.202' };
    expect((await signUp('popular_name', 6, elsewhere)).status).toBe(400);
    expect((await signUp('free_name_7', 7, elsewhere)).status).toBe(200);
  });
});
