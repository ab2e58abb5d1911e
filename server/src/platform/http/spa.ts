import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@tollgate/contract/http/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    status: 404,
    message: MESSAGES.notFound,
    payload: { error: `No endpoint ${request.method} ${request.url.split('?')[0]}` },
  });
}

/**
 * Serves the built web app: hashed assets cached for a year, every other page path gets index.html
 * so the client router decides (its 404 page included), whatever the Accept header says: uptime
 * monitors and link previews accept anything and must see the site up. Unknown API paths and missing
 * files (a path with an extension) answer 404 JSON.
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
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (hasBuild && isPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
}
