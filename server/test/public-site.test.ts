import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { GUIDES } from '@tollgate/contract/general/guides';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

const ORIGIN = 'https://shop.example.test';
const SHELL = '<!doctype html><title>Tollgate</title><div id="root"></div>';
let server: TestServer;
let admin: string;
const dist = mkdtempSync(path.join(os.tmpdir(), 'tollgate-dist-'));

/** A GET that shows the bytes as sent: fetch would undo any content encoding. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** What web's prerender writes: a page per path with the origin left for the server to fill in. */
function prerendered(page: string, title: string, text: string) {
  const file = path.join(dist, 'prerender', page === '/' ? 'index.html' : `${page.slice(1)}/index.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `<!doctype html><title>${title}</title><link rel="canonical" href="__PUBLIC_ORIGIN__${page}" /><div id="root"><main>${text}</main></div>`,
  );
}

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  prerendered('/', 'Home', 'Proxies for every workload');
  prerendered('/guide/android', 'Android setup guide', 'Advanced options');
  prerendered('/cookie-policy', 'Cookie policy', 'We do not use advertising');
  writeFileSync(
    path.join(dist, 'prerender', 'manifest.json'),
    JSON.stringify({ pages: ['/', '/guide/android', '/cookie-policy'] }),
  );
  server = await createTestServer({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN } });
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (urlPath: string) => fetch(`${server.url}${urlPath}`, { redirect: 'manual' });

describe('what crawlers read', () => {
  it('lists home, the public pages and all 17 guides in sitemap.xml, on the configured origin', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/', '/faqs', '/status', '/pricing', '/cookie-policy', '/privacy-policy-extension'])
      expect(locs).toContain(`${ORIGIN}${page}`);
    for (const guide of GUIDES) expect(locs).toContain(`${ORIGIN}/guide/${guide.slug}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((loc) => /\/(admin|support|dashboard|api)/.test(loc!))).toBe(false);
  });

  it('keeps crawlers out of the signed-in areas and the API in robots.txt, pointing at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const area of ['/admin', '/support', '/dashboard', '/api']) expect(text).toContain(`Disallow: ${area}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('serves the prerendered HTML of a public page with its origin filled in, HEAD included', async () => {
    for (const [page, title, text] of [
      ['/', 'Home', 'Proxies for every workload'],
      ['/guide/android', 'Android setup guide', 'Advanced options'],
    ] as const) {
      const res = await get(page);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(text);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${page}" />`);
      expect(html).not.toContain('__PUBLIC_ORIGIN__');
      expect((await fetch(`${server.url}${page}`, { method: 'HEAD' })).status).toBe(200);
    }
    // Other pages still get the app shell, and the raw prerender folder is not served.
    expect(await (await get('/dashboard')).text()).toBe(SHELL);
    expect(await (await get('/guide/unknown-tool')).text()).toBe(SHELL);
    expect((await get('/prerender/index.html')).status).toBe(404);
  });

  it('sends the prerendered pages Brotli- or gzip-compressed to clients that accept it, plain to others', async () => {
    const plain = await rawGet(`${server.url}/`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await rawGet(`${server.url}/`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.body).toString()).toBe(plain.body.toString());
    }
  });

  it('sends /guide to the extension guide', async () => {
    const res = await get('/guide');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/guide/tollgate-extension');
  });

  it('stops serving a prerendered legal page once an operator edits its text, so no stale text shows', async () => {
    expect(await (await get('/cookie-policy')).text()).toContain('We do not use advertising');
    const body = { body: 'We now explain our cookies in a single sentence that is long enough.' };
    const saved = await server.request('PUT', '/api/v1/admin/legal/cookie-policy', { token: admin, body });
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({ document: 'cookie-policy', version: 2 });
    expect(await (await get('/cookie-policy')).text()).toBe(SHELL);
    const read = await server.request('GET', '/api/v1/legal/cookie-policy');
    expect(read.body.payload).toMatchObject({ title: 'Cookie policy', body: body.body, version: 2 });
    // The sign-up texts keep their own version.
    expect((await server.request('GET', '/api/v1/legal/terms')).body.payload.version).toBe(1);
  });

  it('lets frames come only from the three media players (and nothing else), images only from here', async () => {
    const res = await get('/guide/android');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
    expect(directive('frame-src')).toBe(
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://w.soundcloud.com',
    );
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
    expect(directive('script-src')).toBe("script-src 'self'");
  });
});
