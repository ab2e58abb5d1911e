import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'tollgate-dist-'));
beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tollgate</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
