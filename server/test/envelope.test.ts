import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '#platform/auth/tokens.ts';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    beforeListen(app) {
      app.get('/api/v1/test-crash', async () => {
        throw new Error('database password is hunter2');
      });
    },
  });
});
afterAll(() => server.close());

describe('API envelope and error mapping', () => {
  it('answers success as {status, message, payload}', async () => {
    const res = await server.request('GET', '/api/v1/landing');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.message).toBe('Landing data');
    expect(Object.keys(res.body.payload)).toEqual(
      expect.arrayContaining(['SocialLinks', 'Copyright', 'Announcements']),
    );
  });

  it('tells browsers and proxies to keep no copy of any API answer, signed in or not', async () => {
    const token = await server.tokenFor(await server.buildAccount());
    for (const res of [
      await server.request('GET', '/api/v1/auth/me', { token }),
      await server.request('GET', '/api/v1/landing'),
      await server.request('GET', '/api/v1/does-not-exist'),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await server.request('GET', '/api/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      status: 404,
      message: 'Not Found',
      payload: { error: 'No endpoint GET /api/v1/does-not-exist' },
    });
  });

  it('answers schema failures with 400 Validation Error and the fields', async () => {
    const res = await server.request('POST', '/api/v1/auth/login', { body: { login: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation Error');
    expect(res.body.payload.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.login', message: 'Enter your email or username' },
        { path: 'body.password', message: 'Enter your password' },
      ]),
    );
  });

  it('answers a body that is not JSON with 400 Validation Error', async () => {
    const res = await server.request('POST', '/api/v1/auth/login', { body: '{"login": ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation Error');
  });

  it('answers a missing or forged token with 403 unauthorized', async () => {
    expect((await server.request('GET', '/api/v1/auth/me')).body).toMatchObject({
      status: 403,
      message: 'unauthorized',
    });
    const forged = await createTokenService('another-secret-another-secret-another-secret').sign(
      { sessionId: crypto.randomUUID(), accountId: crypto.randomUUID() },
      new Date(Date.now() + 60_000),
    );
    const res = await server.request('GET', '/api/v1/auth/me', { token: forged });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('unauthorized');
    expect((await server.request('GET', '/api/v1/auth/me', { token: 'not.a.jwt' })).status).toBe(403);
  });

  it('answers a validly signed token whose ids are not ours (a session id that is no UUID) with 403, not 500', async () => {
    const odd = await createTokenService(server.config.JWT_SECRET).sign(
      { sessionId: 'not-a-uuid', accountId: "1'; drop table accounts; --" },
      new Date(Date.now() + 60_000),
    );
    const res = await server.request('GET', '/api/v1/auth/me', { token: odd });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('unauthorized');
  });

  it('answers NUL and other control characters anywhere in the input with 400 naming the field', async () => {
    const res = await server.request('POST', '/api/v1/auth/login', { body: { login: 'a\u0000b', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.payload.fields).toEqual([{ path: 'body.login', message: 'Contains a control character' }]);
    const token = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
    const query = await server.request('GET', '/api/v1/admin/coupons?search=%1B%5B31m', { token });
    expect(query.body.payload.fields).toEqual([{ path: 'query.search', message: 'Contains a control character' }]);
  });

  it('answers a path parameter over the router limit with a 414 envelope that does not repeat the path', async () => {
    const long = 'q'.repeat(500);
    const res = await server.request('GET', `/api/v1/public/bill/${long}`);
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ status: 414, message: 'URI Too Long', payload: { error: 'URI Too Long' } });
    expect(res.text).not.toContain(long);
  });

  it('answers an expired token with 401 jwt expired', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account, { expiresAt: new Date(Date.now() - 1_000) });
    const res = await server.request('GET', '/api/v1/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, message: 'jwt expired' });
  });

  it('answers a crash with 500, a request id and no internals', async () => {
    const res = await server.request('GET', '/api/v1/test-crash', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Internal Server Error');
    expect(res.body.payload.requestId).toBe('trace-abc-123');
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('at ');
  });

  it('echoes a request id header, generating one when none is sent', async () => {
    const res = await server.request('GET', '/api/v1/landing');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await server.request('GET', '/api/v1/landing', {
      headers: { 'x-request-id': 'has spaces and <script>' },
    });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers', async () => {
    const res = await server.request('GET', '/api/v1/landing');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // Errors and unknown paths carry them too.
    for (const other of [
      await server.request('GET', '/api/v1/no-such-route'),
      await server.request('GET', '/api/v1/auth/me'),
    ]) {
      expect(other.status).toBeGreaterThanOrEqual(400);
      expect(other.headers.get('content-security-policy')).toBe(csp);
      expect(other.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('limits sign-in attempts with 429 and a clear message', async () => {
    let last = await server.request('POST', '/api/v1/auth/login', {
      body: { login: 'nobody', password: 'wrong-password' },
    });
    for (let i = 0; i < 10 && last.status !== 429; i++) {
      last = await server.request('POST', '/api/v1/auth/login', {
        body: { login: 'nobody', password: 'wrong-password' },
      });
    }
    expect(last.status).toBe(429);
    // An unknown login backs off exactly like a known one, so the answer cannot tell them apart.
    expect(last.body).toMatchObject({ status: 429 });
    expect(last.body.message).toMatch(/^Too many failed sign-ins to this account\. Try again in \d+ seconds?\.$/);
    expect(last.body.payload.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('serves OpenAPI 3 listing every endpoint with its roles', async () => {
    const res = await server.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    const doc = JSON.parse(res.text);
    expect(doc.paths['/api/v1/auth/me'].get['x-roles']).toEqual([
      'User',
      'Reseller',
      'Support',
      'Manager',
      'Administrator',
    ]);
    expect(doc.paths['/api/v1/admin/statistics'].get['x-roles']).toEqual(['Administrator']);
  });
});

describe('sign-in rate limit', () => {
  it('is counted per client and login, so other accounts behind the same address can still sign in', async () => {
    const limited = await createTestServer();
    try {
      const account = await limited.buildAccount();
      for (let i = 0; i < 10; i++) {
        await limited.request('POST', '/api/v1/auth/login', { body: { login: 'Victim', password: 'guess-' + i } });
      }
      const blocked = await limited.request('POST', '/api/v1/auth/login', {
        body: { login: 'victim ', password: 'x' },
      });
      expect(blocked.status).toBe(429);
      const other = await limited.request('POST', '/api/v1/auth/login', {
        body: { login: account.email, password: account.password },
      });
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
    // A second server of its own: migrating a fresh embedded database took 25 s on a loaded machine.
  }, 90_000);
});
