import type { FastifyRequest } from 'fastify';
import { appUrl } from '#platform/http/app-url.ts';
import type { ClientMeta } from './accounts.deps';

export const clientMeta = (request: FastifyRequest, publicUrl: string | undefined): ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  origin: appUrl(publicUrl, request),
});
