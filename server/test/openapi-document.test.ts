import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => void (server = await createTestServer()));
afterAll(async () => server?.close());

describe('the OpenAPI document as the docs pages download it', () => {
  it('comes compressed, with an ETag a browser revalidates for a 304, and public caching', async () => {
    const plain = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    const document = JSON.parse(text);
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);

    for (const encoding of ['br', 'gzip'] as const) {
      const res = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch decodes the body: what arrives is the same document, byte for byte.
      expect(await res.text()).toBe(text);
    }

    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const again = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('keeps every other API answer out of caches', async () => {
    const res = await fetch(`${server.url}/api/v1/landing`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
