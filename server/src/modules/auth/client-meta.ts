import { PARTNER_COOKIE } from '@tollgate/contract/growth/partners';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '#platform/http/cookies.ts';
import type { ClientMeta } from './auth.deps';

export const clientMeta = (request: FastifyRequest, publicUrl: string): ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  origin: publicUrl,
  visitorKey: readCookie(request.headers.cookie, PARTNER_COOKIE),
  cookieHeader: request.headers.cookie ?? null,
});
