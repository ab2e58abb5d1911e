import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSpa } from './spa.ts';

const HTML = '<!doctype html><html><head><title>Tollgate</title></head><body><div id="root"></div></body></html>';
let dist: string;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'spa-'));
  writeFileSync(path.join(dist, 'index.html'), HTML);
  mkdirSync(path.join(dist, 'prerender'));
  // What the web build writes from its route tree (web/scripts/prerender.mjs).
  const patterns = [
    '/',
    '/register',
    '/blog/:id?',
    '/reseller/*',
    '/admin/accounts/:userId',
    '/email-subscription/cancel',
  ];
  writeFileSync(path.join(dist, 'prerender', 'routes.json'), JSON.stringify({ patterns }));
  app = Fastify();
  await installSpa(app, dist);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app fallback', () => {
  it('answers an unknown page path 404 with the app’s HTML, so the router shows its 404 page', async () => {
    for (const unknown of ['/no-such-page', '/admin/accounts', '/blog/a/b', '/registerx']) {
      const res = await fetch(`${origin}${unknown}`);
      expect(res.status, unknown).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toBe(HTML);
    }
  });

  it('answers every path of the router 200 with the same HTML', async () => {
    for (const known of [
      '/',
      '/register',
      '/register?next=%2Fplans',
      '/blog',
      '/blog/hello',
      '/reseller/purchase',
      '/admin/accounts/42',
      '/email-subscription/cancel',
    ]) {
      const res = await fetch(`${origin}${known}`);
      expect(res.status, known).toBe(200);
      expect(await res.text()).toBe(HTML);
    }
  });

  it('keeps answering unknown API paths and missing files with 404 JSON', async () => {
    const api = await fetch(`${origin}/api/v1/nothing`);
    expect(api.status).toBe(404);
    expect((await api.json()).status).toBe(404);
    expect((await fetch(`${origin}/missing.js`)).status).toBe(404);
  });
});
