import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';

/** "Add my current IP" asks the shop which address it sees; behind a trusted proxy that is the forwarded client. */
let direct: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestServer(), createTestServer({ env: { TRUST_PROXY: 'true' } })]);
});
afterAll(async () => {
  await Promise.all([direct.close(), proxied.close()]);
});

describe('GET /public/my-ip', () => {
  it('answers the socket address and ignores X-Forwarded-For when no proxy is trusted', async () => {
    const token = await direct.tokenFor(await direct.buildAccount());
    const res = await direct.request('GET', '/api/v1/public/my-ip', {
      token,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.body).toMatchObject({ status: 200, message: 'Your IP address', payload: { ip: '127.0.0.1' } });
  });

  it('answers the forwarded client behind a trusted proxy', async () => {
    const token = await proxied.tokenFor(await proxied.buildAccount());
    const res = await proxied.request('GET', '/api/v1/public/my-ip', {
      token,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.body.payload).toEqual({ ip: '203.0.113.7' });
  });

  it('is for signed-in customers only', async () => {
    expect((await direct.request('GET', '/api/v1/public/my-ip')).status).toBe(403);
  });
});
