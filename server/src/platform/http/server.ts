import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { endpoints } from '@tollgate/contract/endpoints';
import Fastify, { type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { redactApiKeyInUrl } from '#platform/auth/api-keys.ts';
import type { Config } from '#platform/config/env.ts';
import { loggableError } from '#platform/db/errors.ts';
import {
  CONNECTION_TIMEOUTS,
  limitConnectionsPerAddress,
  SERVER_TIMEOUTS,
  trustedProxyMatcher,
} from './connection-limits';
import { frameworkError, installErrorHandler } from './error-handler';
import { installRequestContext } from './request-context';
import { installSecurityHeaders } from './security-headers';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Fastify as every instance runs it, before any module is added: logging, timeouts and connection
 * limits, request ids, error envelopes, security headers, uploads and rate limits (shared through
 * Redis when there is one, which the refusal counter uses too).
 */
export async function createHttpServer(config: Config) {
  const app = Fastify({
    logger:
      config.NODE_ENV === 'test'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
            // Logs name the statement that failed, never the values it carried (logins, e-mails).
            serializers: {
              err: (error: Error) => loggableError(error),
              // Fastify's own fields, with an API key given in the query (ADR 038) blanked out.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactApiKeyInUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    trustProxy: config.trustProxy,
    ...CONNECTION_TIMEOUTS,
    http: SERVER_TIMEOUTS,
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkError,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  limitConnectionsPerAddress(app.server, {
    perAddress: config.HTTP_MAX_CONNECTIONS_PER_IP,
    exempt: trustedProxyMatcher(config.trustProxy),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are about someone (balances, proxy passwords): no browser or proxy keeps a copy.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  installErrorHandler(app);
  // Audit rows and security events learn the client's IP from here (ADR 028).
  installRequestContext(app);
  installSecurityHeaders(app, { production: config.isProduction, google: Boolean(config.GOOGLE_CLIENT_ID) });
  // One file per request, capped a little above the largest upload any endpoint accepts.
  const largestUpload = Math.max(...endpoints.map((e) => e.multipart?.maxBytes ?? 0));
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: largestUpload + 1 } });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tollgate-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: 429, retryAfter: context.after }),
  });

  return { app, redis };
}
