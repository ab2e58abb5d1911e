import type { ErrorEnvelope } from '@tollgate/contract/http/envelope';
import { MESSAGES } from '@tollgate/contract/http/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from './errors';

/** How long a client is asked to wait when the database is out of reach (a restart, a failover). */
const DATABASE_RETRY_SECONDS = 5;

function send(reply: FastifyReply, body: ErrorEnvelope) {
  return reply.status(body.status).type('application/json; charset=utf-8').send(body);
}

/** Every failure leaves as the DESIGN §4 error envelope; a crash shows a request id, never a stack. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const payload: ErrorEnvelope['payload'] = { error: error.details.error ?? error.message };
      if (error.details.fields) payload.fields = error.details.fields;
      if (error.details.retryAfterSeconds !== undefined) {
        payload.retryAfterSeconds = error.details.retryAfterSeconds;
        void reply.header('retry-after', String(error.details.retryAfterSeconds));
      }
      return send(reply, { status: error.status, message: error.message, payload });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, {
        status: 429,
        message: MESSAGES.tooManyRequests,
        payload: { error: MESSAGES.tooManyRequests, retryAfterSeconds: Number(reply.getHeader('retry-after') ?? 60) },
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, {
        status: 400,
        message: MESSAGES.validation,
        payload: { error: MESSAGES.validation, fields: [{ path: 'body', message: 'The body is not valid JSON' }] },
      });
    }
    if (status >= 400 && status < 500) {
      // The framework's own messages can quote the request (a media type, a path); ours never do.
      const message = STATUS_CODES[status] ?? 'Bad Request';
      return send(reply, { status, message, payload: { error: message } });
    }
    if (isDatabaseUnavailable(error)) {
      // Not our crash and not the client's fault: a moment later it works again.
      request.log.error({ err: error }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return send(reply, {
        status: 503,
        message: MESSAGES.unavailable,
        payload: {
          error: 'The database is unavailable for a moment. Try again in a few seconds.',
          retryAfterSeconds: DATABASE_RETRY_SECONDS,
        },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, {
      status: 500,
      message: MESSAGES.internal,
      payload: {
        error: 'Something went wrong on our side. Quote the request id when contacting support.',
        requestId: request.id,
      },
    });
  });
}

/**
 * Errors the router answers before any route runs (a path parameter over the length limit: 414,
 * a malformed URL: 400): the same envelope, and the path they are about is not repeated.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = STATUS_CODES[status] ?? 'Bad Request';
  return send(reply, { status, message, payload: { error: message } });
}
