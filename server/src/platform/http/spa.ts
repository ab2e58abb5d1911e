import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@tollgate/contract/http/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const safeDecode = (pathname: string) => {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
};

function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    status: 404,
    message: MESSAGES.notFound,
    payload: { error: `No endpoint ${request.method} ${request.url.split('?')[0]}` },
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A React Router path pattern (`/blog/:id?`, `/reseller/*`) as a test on a request path. */
export function routeMatcher(pattern: string): RegExp {
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    const optional = segment.endsWith('?');
    const bare = optional ? segment.slice(0, -1) : segment;
    const part = bare === '*' ? '(?:/.*)?' : bare.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(bare)}`;
    source += optional && bare !== '*' ? `(?:${part})?` : part;
  }
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * The web router's own paths, written by the build (web/scripts/prerender.mjs, from the route tree):
 * a page path none of them matches is unknown. Null without that file: every page path is known.
 */
function knownPages(distDir: string): ((pathname: string) => boolean) | null {
  const file = path.join(distDir, 'prerender', 'routes.json');
  if (!existsSync(file)) return null;
  const { patterns } = JSON.parse(readFileSync(file, 'utf8')) as { patterns: string[] };
  const matchers = patterns.map(routeMatcher);
  return (pathname) => matchers.some((matcher) => matcher.test(pathname));
}

/**
 * Serves the built web app: hashed assets cached for a year, every other page path gets index.html
 * so the client router decides, whatever the Accept header says: uptime monitors and link previews
 * accept anything and must see the site up. A page path the router has no page for gets the same
 * HTML with status 404 (the router shows its 404 page; crawlers and monitors see the status).
 * Unknown API paths and missing files (a path with an extension) answer 404 JSON.
 */
export async function installSpa(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build leaves .br and .gz copies beside each asset (web/scripts/compress.mjs).
      preCompressed: true,
      // Our own cache-control below; the plugin's default would overwrite it with max-age=0.
      cacheControl: false,
      // The prerendered pages are served at their own paths with the origin filled in (public-site.ts).
      allowedPath: (pathName) => !pathName.startsWith('/prerender/'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const isKnown = hasBuild ? knownPages(distDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    const pathname = request.url.split('?')[0] ?? '';
    if (hasBuild && isPage && !path.extname(pathname)) {
      const status = !isKnown || isKnown(safeDecode(pathname)) ? 200 : 404;
      return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
}
