import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where the request being answered came from; read by the audit and security-event writers. */
export interface RequestOrigin {
  /** The client's address as Fastify resolves it (through the configured trusted proxy only). */
  ip: string | null;
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<RequestOrigin>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** The origin of the request this code runs for; null in jobs, the CLI and tests that call services directly. */
export const requestOrigin = (): RequestOrigin | null => storage.getStore() ?? null;

/** Runs `fn` as if answering a request from `origin` (for code that acts on a request's behalf later). */
export const withRequestOrigin = <T>(origin: RequestOrigin, fn: () => T): T => storage.run(origin, fn);

const MAX_USER_AGENT = 512;

/**
 * Every request runs inside its own context, so a row written anywhere below (an audit row, a
 * security event) learns the client's IP without a parameter threaded through each service.
 * Fastify runs the body parser, validation and handler from the request stream's events, which
 * Node does not tie to the hook that opened the context: the scope is entered again before
 * validation, as @fastify/request-context does.
 */
export function installRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    const origin: RequestOrigin = {
      ip: request.ip || null,
      userAgent: typeof agent === 'string' && agent ? agent.slice(0, MAX_USER_AGENT) : null,
    };
    storage.run(origin, () => {
      const scope = new AsyncResource('tollgate-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
}
