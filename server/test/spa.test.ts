import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
const ASSET = `export const text = ${JSON.stringify('proxies '.repeat(500))};`;
const dist = mkdtempSync(path.join(os.tmpdir(), 'tollgate-dist-'));
beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tollgate</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As web's build leaves them: an asset with its Brotli and gzip copies (scripts/compress.mjs).
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), ASSET);
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(ASSET));
  server = await createTestServer({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (urlPath: string, accept?: string) =>
  fetch(`${server.url}${urlPath}`, accept ? { headers: { accept } } : {});

describe('pages for clients that do not ask for HTML', () => {
  it('serves the home page with 200 to curl, uptime monitors and link previews (Accept */* or none)', async () => {
    for (const accept of ['*/*', undefined, 'application/json']) {
      for (const urlPath of ['/', '/pricing', '/terms?x=1']) {
        const res = await get(urlPath, accept);
        expect(res.status, `${urlPath} ${accept}`).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(await res.text()).toContain('<div id="root">');
      }
    }
  });

  it('still answers unknown API paths and missing files with a JSON 404', async () => {
    for (const urlPath of ['/api/v1/nope', '/api/v1/', '/missing.png']) {
      const res = await get(urlPath, '*/*');
      expect(res.status, urlPath).toBe(404);
      expect((await res.json()).status).toBe(404);
    }
    expect((await get('/favicon.svg', '*/*')).status).toBe(200);
  });
});

/** A GET that shows the bytes as sent: fetch would undo any content encoding. */
function rawGet(urlPath: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(`${server.url}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('built assets', () => {
  it('are sent as their Brotli or gzip copy when the browser accepts it, cached for a year', async () => {
    const br = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(ASSET.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET);

    const gz = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(ASSET);

    const plain = await rawGet('/assets/app-1a2b3c.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });
});
