import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from './accounts.deps';

export const clientMeta = (request: FastifyRequest, publicUrl: string): ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  origin: publicUrl,
});
