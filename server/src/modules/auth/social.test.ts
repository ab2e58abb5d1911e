import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, signInEvents } from '#platform/db/schema.ts';
import { linkFrom, tokenIn } from '#test/auth-helpers.ts';
import { startFakeDiscord, startFakeGoogle } from '#test/fake-providers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

const CLIENT_ID = 'tollgate-test.apps.googleusercontent.com';
let server: TestServer;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let discord: Awaited<ReturnType<typeof startFakeDiscord>>;

beforeAll(async () => {
  google = await startFakeGoogle(CLIENT_ID);
  discord = await startFakeDiscord({
    clientId: 'discord-app',
    clientSecret: 'discord-secret',
    code: 'good-code',
    user: { id: '80351110224678912', username: 'nelly' },
  });
  server = await createTestServer({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: google.jwksUrl,
      DISCORD_CLIENT_ID: 'discord-app',
      DISCORD_CLIENT_SECRET: 'discord-secret',
      DISCORD_API_URL: discord.apiUrl,
      PUBLIC_URL: 'https://shop.example.test',
    },
  });
});
afterAll(async () => {
  await server.close();
  await google.close();
  await discord.close();
});

// The sign-up page's Google button accepts the legal texts (it says so beside the button).
const signIn = async (
  claims: Record<string, unknown>,
  options?: Parameters<typeof google.idToken>[1],
  acceptTerms = true,
) =>
  server.request('POST', '/api/v1/auth/google', {
    body: { credential: await google.idToken(claims, options), ...(acceptTerms ? { acceptTerms: true } : {}) },
  });

describe('Google sign-in', () => {
  it("announces the client id so the button can show, and lets Google's script and popup work", async () => {
    const res = await server.request('GET', '/api/v1/auth/providers');
    expect(res.body.payload).toEqual({ googleClientId: CLIENT_ID });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://accounts.google.com");
    expect(csp).toContain(
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://w.soundcloud.com https://accounts.google.com',
    );
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('signs up a new person as a verified customer without a password, and signs the same subject in again', async () => {
    const first = await signIn({ sub: 'google-1', email: 'Fresh.Person@gmail.test' });
    expect(first.body.message).toBe('Login successful');
    expect(first.body.payload.user).toMatchObject({
      email: 'fresh.person@gmail.test',
      emailVerified: true,
      hasPassword: false,
      googleLinked: true,
      role: 'User',
    });
    expect(first.body.payload.user.username).toMatch(/^fresh\.person-[a-z0-9]{6}$/);
    const again = await signIn({ sub: 'google-1', email: 'fresh.person@gmail.test' }, undefined, false);
    expect(again.body.payload.user.id).toBe(first.body.payload.user.id);
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.id, first.body.payload.user.id));
    expect(row?.termsVersion).toBe(1);
    expect(row?.termsAcceptedAt).not.toBeNull();
  });

  it('records Google sign-ins in the account’s sign-in history, and a disabled account is refused', async () => {
    const first = await signIn({ sub: 'google-history', email: 'history.person@gmail.test' });
    const id = first.body.payload.user.id as string;
    await server.database.db.update(accounts).set({ disabledAt: new Date() }).where(eq(accounts.id, id));
    const refused = await signIn({ sub: 'google-history', email: 'history.person@gmail.test' }, undefined, false);
    expect(refused.body).toMatchObject({ status: 400, message: 'This account is disabled. Contact support.' });
    const events = await server.database.db.select().from(signInEvents).where(eq(signInEvents.accountId, id));
    expect(events.map((e) => `${e.method}:${e.outcome}`)).toEqual(['google:success', 'google:disabled']);
  });

  it('creates no account for a new Google identity that did not accept the terms, naming the field', async () => {
    const res = await signIn({ sub: 'google-no-terms', email: 'no.terms@gmail.test' }, undefined, false);
    expect(res.status).toBe(400);
    expect(res.body.payload.fields).toEqual([
      {
        path: 'body.acceptTerms',
        message: 'Accept the Terms of Service and Acceptable Use Policy to create an account',
      },
    ]);
    const rows = await server.database.db.select().from(accounts).where(eq(accounts.email, 'no.terms@gmail.test'));
    expect(rows).toEqual([]);
  });

  it('refuses tokens for another audience, from another issuer, expired, unverified or signed by another key', async () => {
    const cases = [
      await signIn({ sub: 'g2', email: 'a@gmail.test' }, { audience: 'someone-else' }),
      await signIn({ sub: 'g2', email: 'a@gmail.test' }, { issuer: 'https://evil.example' }),
      await signIn({ sub: 'g2', email: 'a@gmail.test' }, { expiresIn: '-1m' }),
      await signIn({ sub: 'g2', email: 'a@gmail.test' }, { foreignKey: true }),
      await signIn({ sub: 'g2', email: 'a@gmail.test', email_verified: false }),
    ];
    expect(cases.map((c) => c.status)).toEqual([400, 400, 400, 400, 400]);
    expect(cases[0]!.body.message).toBe('Google sign-in failed. Try again.');
    expect(cases[4]!.body.message).toBe('Your Google account email is not verified');
  });

  it('links an existing account only after its owner follows the mailed link', async () => {
    const owner = await server.buildAccount({ email: 'owner@example.test' });
    const attempt = await signIn({ sub: 'google-owner', email: 'owner@example.test' });
    expect(attempt.body).toEqual({
      status: 200,
      message: 'Check your email to link Google sign-in to your account',
      payload: { conversionRequired: true, email: 'owner@example.test' },
    });
    const link = await linkFrom(server, owner.email, '/verify-account-conversion/');
    expect(link.startsWith('https://shop.example.test/verify-account-conversion/')).toBe(true);
    const confirmed = await server.request('POST', `/api/v1/auth/verify-account-conversion/${tokenIn(link)}`);
    expect(confirmed.body.message).toBe('Google sign-in linked. You can now sign in with Google.');
    const after = await signIn({ sub: 'google-owner', email: 'owner@example.test' });
    expect(after.body.payload.user.id).toBe(owner.id);
    expect((await server.request('POST', `/api/v1/auth/verify-account-conversion/${tokenIn(link)}`)).status).toBe(400);
  });
});

describe('Google sign-in and two-factor', () => {
  it('still asks accounts with two-factor for their code', async () => {
    const first = await signIn({ sub: 'google-2fa', email: 'careful@gmail.test' });
    await server.database.db
      .update(accounts)
      .set({ twoFactorEnabled: true })
      .where(eq(accounts.id, first.body.payload.user.id));
    const again = await signIn({ sub: 'google-2fa', email: 'careful@gmail.test' });
    expect(again.body).toEqual({
      status: 200,
      message: 'Two-factor code required',
      payload: { twoFactorToken: expect.any(String) },
    });
  });
});

describe('Discord link', () => {
  it('links through the OAuth code exchange with a state it issued, then unlinks', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const status = await server.request('GET', '/api/v1/public/discord', { token });
    expect(status.body.payload).toMatchObject({ configured: true, linked: false, username: null });
    const authorize = new URL(status.body.payload.authorizeUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe('https://shop.example.test/my-profile');
    const state = authorize.searchParams.get('state')!;

    const badState = await server.request('POST', '/api/v1/public/discord/code', {
      token,
      body: { code: 'good-code', state: 'forged-state-value' },
    });
    expect(badState.body.message).toBe('This Discord link has expired. Start again.');
    const linked = await server.request('POST', '/api/v1/public/discord/code', {
      token,
      body: { code: 'good-code', state },
    });
    expect(linked.body).toMatchObject({
      message: 'Discord account linked',
      payload: { linked: true, username: 'nelly' },
    });
    const exchange = discord.requests.find((r) => r.path === '/api/oauth2/token')!;
    expect(new URLSearchParams(exchange.body).get('redirect_uri')).toBe('https://shop.example.test/my-profile');

    const unlinked = await server.request('DELETE', '/api/v1/public/discord', { token });
    expect(unlinked.body.payload).toMatchObject({ linked: false, username: null });
  });

  it('reports a refused code without linking anything', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const state = new URL(
      (await server.request('GET', '/api/v1/public/discord', { token })).body.payload.authorizeUrl,
    ).searchParams.get('state')!;
    const res = await server.request('POST', '/api/v1/public/discord/code', {
      token,
      body: { code: 'wrong-code', state },
    });
    expect(res.body.message).toBe('Discord did not accept the link. Try again.');
    expect((await server.request('GET', '/api/v1/public/discord', { token })).body.payload.linked).toBe(false);
  });
});
