import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTENSION_GUIDE_SLUG, GUIDES, guidePath } from '@tollgate/contract/general/guides';
import { escapeHtml } from '@tollgate/contract/content/escape-html';
import { PUBLIC_PAGES } from '@tollgate/contract/general/public-pages';
import type { FastifyInstance } from 'fastify';
import { compressOnce, sendCompressed } from './compressed.ts';

/** One URL in sitemap.xml: a site path and, when known, when it last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}
/** A part of the site that lists its own pages (the blog adds one for its posts). */
export type SitemapSource = () => SitemapEntry[] | Promise<SitemapEntry[]>;

export const publicPagesSitemap: SitemapSource = () => PUBLIC_PAGES.map((page) => ({ path: page }));
export const guidesSitemap: SitemapSource = () => GUIDES.map((guide) => ({ path: guidePath(guide.slug) }));

/** Areas behind a sign-in, and the API: nothing there for a search engine. */
const DISALLOWED = ['/admin', '/support', '/dashboard', '/api'];

/** Written by web's post-build prerender (web/scripts/prerender.ts); the origin is filled in here. */
const ORIGIN_TOKEN = '__PUBLIC_ORIGIN__';

export async function sitemapXml(origin: string, sources: SitemapSource[]): Promise<string> {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const source of sources) {
    for (const entry of await source()) {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      const lastmod = entry.lastmod ? `<lastmod>${escapeHtml(entry.lastmod)}</lastmod>` : '';
      urls.push(`  <url><loc>${escapeHtml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Where the prerender put one page's HTML. */
export const prerenderedFile = (distDir: string, page: string) =>
  path.join(distDir, 'prerender', page === '/' ? 'index.html' : `${page.slice(1)}/index.html`);

/**
 * sitemap.xml and robots.txt with the configured public origin, `/guide` sent to the extension
 * guide, and the prerendered public pages (HTML a crawler reads without running JavaScript),
 * served before the SPA fallback. `fresh` may veto a prerendered page whose content changed since
 * the build (an operator-edited legal text): that request then gets the SPA shell instead.
 */
export function installPublicSite(
  app: FastifyInstance,
  options: {
    origin: string;
    distDir: string;
    sources: SitemapSource[];
    fresh?: Record<string, () => Promise<boolean>>;
  },
) {
  const { origin, distDir, sources, fresh = {} } = options;
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemapXml(origin, sources)),
  );
  const robots = robotsTxt(origin);
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get('/guide', (_request, reply) => reply.redirect(guidePath(EXTENSION_GUIDE_SLUG), 302));

  const manifestPath = path.join(distDir, 'prerender', 'manifest.json');
  if (!existsSync(manifestPath) || !existsSync(path.join(distDir, 'index.html'))) return;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { pages: string[] };
  const shell = compressOnce(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  for (const page of manifest.pages) {
    const file = prerenderedFile(distDir, page);
    if (!existsSync(file)) continue;
    const html = compressOnce(readFileSync(file, 'utf8').replaceAll(ORIGIN_TOKEN, origin));
    const stillFresh = fresh[page];
    app.get(page, async (request, reply) => {
      const body = stillFresh && !(await stillFresh()) ? shell : html;
      return sendCompressed(request, reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache'), body);
    });
  }
}
