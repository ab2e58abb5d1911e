import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One text body with its Brotli and gzip forms, made once (at start-up) and sent many times. */
export interface CompressedBody {
  raw: string;
  br: Buffer;
  gzip: Buffer;
}

/** `brotliQuality` 11 is the smallest and slowest: about 1 s per MB, so large bodies take less. */
export function compressOnce(raw: string, { brotliQuality = 11 } = {}): CompressedBody {
  const bytes = Buffer.from(raw);
  return {
    raw,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    gzip: gzipSync(bytes, { level: 9 }),
  };
}

/**
 * A public document that changes only with a deploy (the OpenAPI description): compressed on the
 * first request rather than at start-up, sent with an ETag, and kept by browsers for five minutes,
 * then revalidated (304 when unchanged).
 */
export function cachedDocument(make: () => string, type: string) {
  let body: (CompressedBody & { etag: string }) | undefined;
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!body) {
      const raw = make();
      const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
      body = { ...compressOnce(raw, { brotliQuality: 5 }), etag };
    }
    reply.type(type).header('etag', body.etag).header('cache-control', 'public, max-age=300, must-revalidate');
    if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
    return sendCompressed(request, reply, body);
  };
}

/** Sends the smallest form the client accepts (Brotli, then gzip, then as is). */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: CompressedBody) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.raw);
}
