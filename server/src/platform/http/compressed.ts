import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One text body with its Brotli and gzip forms, made once (at start-up) and sent many times. */
export interface CompressedBody {
  raw: string;
  br: Buffer;
  gzip: Buffer;
}

export function compressOnce(raw: string): CompressedBody {
  const bytes = Buffer.from(raw);
  return {
    raw,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(bytes, { level: 9 }),
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
