import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

const redisUrl = process.env.REDIS_URL;

// Several stateless instances behind a proxy must share one limit, or each instance multiplies it.
describe.runIf(redisUrl)('rate limits shared through Redis across instances', () => {
  let a: TestServer;
  let b: TestServer;
  // An unknown login is limited by client address alone; an address of its own per run keeps parallel
  // projects and earlier runs against the same Redis from sharing a counter.
  const login = `nobody-${randomBytes(8).toString('hex')}`;
  const clientIp = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  const env = { REDIS_URL: redisUrl!, TRUST_PROXY: '127.0.0.1' };

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestServer({ env }), createTestServer({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts sign-in attempts on both instances together', async () => {
    const attempt = (server: TestServer) =>
      server.request('POST', '/api/v1/auth/login', {
        body: { login, password: 'wrong-password' },
        headers: { 'x-forwarded-for': clientIp },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(a)).status, (await attempt(b)).status);
    expect(statuses).toEqual(Array(10).fill(400));
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });
});
