import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom } from '#test/auth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  // Trusting the proxy would let X-Forwarded-Host count too, if anything read it.
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1', PORT: '3917' } });
});
afterAll(() => server.close());

/** Raw HTTP, so the Host header is exactly what an attacker sends. */
function forgedForgotPassword(email: string): Promise<number> {
  const body = JSON.stringify({ email });
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/forgot-password',
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('links in mail', () => {
  it('point at the configured address, never at a forged Host or X-Forwarded-Host', async () => {
    const account = await server.buildAccount();
    expect(await forgedForgotPassword(account.email)).toBe(200);
    const link = await linkFrom(server, account.email, '/change-password/');
    expect(link.startsWith('http://localhost:3917/change-password/')).toBe(true);
    expect(link).not.toContain('evil.example');
  });
});
