import { SIGNED_IN, type Principal } from '@tollgate/contract/access/roles';
import type {
  Endpoint,
  IsPublic,
  ParsedBodyOf,
  ParsedParamsOf,
  ParsedQueryOf,
  PayloadOf,
  TakesApiKey,
} from '@tollgate/contract/endpoint';
import { encodedEnvelope, plainPayload } from './encoded-envelope';
import { hasControlCharacter } from '@tollgate/contract/http/text';
import { successSchema } from '@tollgate/contract/openapi';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyAuth, AuthorizeKey, IsProgrammeMember } from '../auth/api-keys';
import { apiKeyBucket, keyAuthOf, presentedKey, principalFor, unauthenticated } from '../auth/api-keys';
import type { AuthContext, Authorize } from '../auth/authenticate';
import type { AnswerCache } from '../cache/answer-cache';
import { parseOrThrow } from './validate';
import { AppError } from './errors';
import type { RefusalCounter } from './refusal-counter';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { BEARER_INVALID, BEARER_MISMATCH, BEARER_MISSING } from '@tollgate/contract/reseller/reseller-api';
import { API_KEY_MISSING } from '@tollgate/contract/profile/api-keys';

export interface RequestContext<E extends Endpoint> {
  params: ParsedParamsOf<E>;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
  auth: TakesApiKey<E> extends true ? ApiKeyAuth : IsPublic<E> extends true ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Answer with one of the endpoint's declared alternate success messages instead. */
  useMessage(key: keyof NonNullable<E['messages']> & string): void;
}

export interface RouteDefinition {
  endpoint: Endpoint;
  handler: (ctx: RequestContext<Endpoint>) => Promise<unknown>;
  /**
   * Names what the `perBodyField` value stands for (e.g. the account a login spelling resolves to),
   * so every spelling shares one bucket; null when it names nothing, and then the client IP alone
   * is the key.
   */
  rateLimitKey?: (value: string) => Promise<string | null>;
  /**
   * A hot signed-in read whose whole answer is kept per account until something it shows changes
   * (ADR 024): `key` names the request among that account's (its normalized query), `until` ends a
   * kept answer early at the moment it would turn by the clock alone (a plan expiring).
   */
  answerCache?: {
    key: (ctx: RequestContext<Endpoint>) => string;
    until?: (payload: unknown, ctx: RequestContext<Endpoint>) => number;
  };
  /** Answers of this route rationed per client address (see `Rationed`). */
  rationed?: Rationed;
}

/**
 * An answer that tells the caller something about other people's accounts (sign-up's "Username is
 * already taken", ADR 046), rationed per client address: after `max` of them within `windowMs` the
 * route answers that address 429 with Retry-After, whatever it asks, until the window ends; so the
 * refusal itself does not tell which names are taken. `counts` picks the rationed failures.
 */
export interface Rationed {
  name: string;
  max: number;
  windowMs: number;
  counts: (error: unknown) => boolean;
}

/** How a route's answers are kept; typed by its endpoint. */
export interface AnswerCaching<E extends Endpoint> {
  key: (ctx: RequestContext<E>) => string;
  until?: (payload: PayloadOf<E>, ctx: RequestContext<E>) => number;
}

/** Binds a handler to its contract endpoint; the types of input and payload come from the contract. */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: (ctx: RequestContext<E>) => Promise<PayloadOf<E>>,
  options: Pick<RouteDefinition, 'rateLimitKey' | 'rationed'> & { answerCache?: AnswerCaching<E> } = {},
): RouteDefinition {
  return {
    endpoint,
    handler: handler as unknown as RouteDefinition['handler'],
    ...(options.rateLimitKey ? { rateLimitKey: options.rateLimitKey } : {}),
    ...(options.rationed ? { rationed: options.rationed } : {}),
    ...(options.answerCache ? { answerCache: options.answerCache as unknown as RouteDefinition['answerCache'] } : {}),
  };
}

function rateLimitOf(
  { perMinute, perBodyField }: NonNullable<Endpoint['rateLimit']>,
  rateLimitKey: RouteDefinition['rateLimitKey'],
) {
  if (!perBodyField) return { max: perMinute, timeWindow: 60_000 };
  return {
    max: perMinute,
    timeWindow: 60_000,
    // After body parsing, so the key can hold the field; still before authorisation and the handler.
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest) => {
      const raw = (request.body as Record<string, unknown> | undefined)?.[perBodyField];
      const value = typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 254) : '';
      if (!rateLimitKey) return `${request.ip}|${value}`;
      // Runs before the input is validated: a value that validation will refuse names nobody.
      const named = value && !hasControlCharacter(value) ? await rateLimitKey(value) : null;
      return named ? `${request.ip}|${named}` : `${request.ip}|?`;
    },
  };
}

/** Per API key (or per client address for calls without a usable one), the same on every instance with Redis. */
function perKey({ perMinute, inQuery }: NonNullable<Endpoint['keyAuth']>) {
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => apiKeyBucket(request, inQuery === true),
  };
}

/**
 * The second check of a reseller call (spec §6: `x-api-key` plus the bearer token, ADR 038): the
 * token must be a live session of the key's own account. Its failures answer 401 like the key's,
 * never the session rules' 403 `unauthorized`, which would sign a browser client out. The key already
 * decided the role; any live session is read so that another account's says so, not "invalid".
 */
async function requireBearerOf(authorize: Authorize, request: FastifyRequest, accountId: string) {
  const refused = (message: string) => new AppError(401, message, { error: message });
  if (!request.headers.authorization) throw refused(BEARER_MISSING);
  let session;
  try {
    session = await authorize(request, SIGNED_IN, { forKeyCall: true });
  } catch (error) {
    if (error instanceof AppError && error.status === 401) throw error;
    throw refused(BEARER_INVALID);
  }
  if (session?.accountId !== accountId) throw refused(BEARER_MISMATCH);
  return session.account;
}

/**
 * ADR 042: the web app calls the reseller API with a programme member's session alone, so the key
 * never enters the browser. A call without a key acts for the token's account when that account is
 * a programme member (reseller=0 with terms), with what a read-write key could do. Anything else (no
 * token, an expired or ended session, a reseller=1 account, a customer outside the programme) gets
 * what a call without a key always got: 401 `API key required`, never a 403 that signs a browser out.
 */
async function actingMember(
  authorize: Authorize,
  isProgrammeMember: IsProgrammeMember,
  request: FastifyRequest,
  roles: readonly Principal[],
): Promise<ApiKeyAuth> {
  const missing = () => unauthenticated(API_KEY_MISSING);
  if (!request.headers.authorization) throw missing();
  let session;
  try {
    session = await authorize(request, SIGNED_IN);
  } catch {
    throw missing();
  }
  if (!session || session.reseller) throw missing();
  const principal = await principalFor(session.account, roles, isProgrammeMember);
  if (principal !== 'Reseller' || !roles.includes(principal)) throw missing();
  return keyAuthOf(session.account, principal, null);
}

/** 429 for the rest of the window once an address has had its rationed answers. */
async function refuseWhenSpent(refusals: RefusalCounter, ration: Rationed & { key: string }) {
  const waitMs = await refusals.waitMs(ration.key, ration.max);
  if (waitMs > 0)
    throw new AppError(429, MESSAGES.tooManyRequests, {
      error: MESSAGES.tooManyRequests,
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
}

/** The handler's answer; a rationed failure is counted before it leaves. */
async function spending<T>(refusals: RefusalCounter, ration: Rationed & { key: string }, answer: Promise<T>) {
  try {
    return await answer;
  } catch (error) {
    if (ration.counts(error)) await refusals.count(ration.key, ration.windowMs);
    throw error;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const key = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * Registers exactly the contract's endpoints. Start-up fails when an endpoint has no roles, no
 * handler, or a handler exists for something the contract does not declare.
 */
export function registerRoutes(
  app: FastifyInstance,
  options: {
    endpoints: readonly Endpoint[];
    routes: readonly RouteDefinition[];
    authorize: Authorize;
    /** Endpoints declaring `keyAuth` are authenticated by an API key through this guard (ADR 038). */
    authorizeKey?: AuthorizeKey;
    /** Lets a programme member's session call `apiKey` endpoints without a key (ADR 042); off without it. */
    isProgrammeMember?: IsProgrammeMember;
    validateResponses: boolean;
    /** Where routes declaring `answerCache` keep their answers; without it they compute every time. */
    answers?: AnswerCache;
    /** Counts the answers routes declaring `rationed` give out; required when one does. */
    refusals?: RefusalCounter;
  },
) {
  const handlers = new Map<string, RouteDefinition>();
  for (const definition of options.routes) {
    const k = key(definition.endpoint);
    if (handlers.has(k)) throw new Error(`Two handlers for ${k}`);
    handlers.set(k, definition);
  }
  const problems: string[] = [];
  for (const endpoint of options.endpoints) {
    if (!Array.isArray(endpoint.roles) || endpoint.roles.length === 0)
      problems.push(`${key(endpoint)} declares no roles`);
    if (!handlers.has(key(endpoint))) problems.push(`${key(endpoint)} has no handler`);
  }
  const declared = new Set(options.endpoints.map(key));
  for (const k of handlers.keys()) if (!declared.has(k)) problems.push(`${k} is not in the contract`);
  if (!options.authorizeKey)
    for (const endpoint of options.endpoints)
      if (endpoint.keyAuth) problems.push(`${key(endpoint)} takes an API key but no key guard was given`);
  if (!options.refusals)
    for (const definition of options.routes)
      if (definition.rationed) problems.push(`${key(definition.endpoint)} rations answers but no counter was given`);
  if (problems.length) throw new Error(`Route table is inconsistent:\n  - ${problems.join('\n  - ')}`);

  /** Who calls a key endpoint: the key (plus the same account's token where `apiKey`), or a member's session alone. */
  async function keyCaller(endpoint: Endpoint, request: FastifyRequest, roles: readonly Principal[]) {
    const inQuery = endpoint.keyAuth?.inQuery === true;
    if (endpoint.apiKey && options.isProgrammeMember && !presentedKey(request, inQuery))
      return actingMember(options.authorize, options.isProgrammeMember, request, roles);
    if (!endpoint.apiKey) return options.authorizeKey!(request, roles, { inQuery });
    // Key and session may both come from this process's cache across the reseller's orders (ADR 043):
    // each is dropped on `k:`, when what it lets the caller do changes, not when the balance does.
    const auth = await options.authorizeKey!(request, roles, { inQuery, withBearer: true });
    const account = await requireBearerOf(options.authorize, request, auth.accountId);
    return keyAuthOf(account, auth.principal, { id: auth.keyId!, scope: auth.scope });
  }

  for (const endpoint of options.endpoints) {
    const { handler, rateLimitKey, answerCache, rationed } = handlers.get(key(endpoint))!;
    const answers = answerCache && options.answers;
    const roles: readonly Principal[] = endpoint.roles;
    app.route({
      method: endpoint.method,
      url: toFastifyPath(endpoint.path),
      // Fastify compiles a serializer from this: faster than JSON.stringify, and a field the
      // contract does not declare can never leak out.
      schema: { response: { 200: successSchema(endpoint) } },
      config: endpoint.keyAuth
        ? { rateLimit: perKey(endpoint.keyAuth) }
        : endpoint.rateLimit
          ? { rateLimit: rateLimitOf(endpoint.rateLimit, rateLimitKey) }
          : {},
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      handler: async (request, reply) => {
        const ration = rationed ? { ...rationed, key: `${rationed.name}|${request.ip}` } : null;
        if (ration) await refuseWhenSpent(options.refusals!, ration);
        // Before the session is read: a change from here on keeps this answer out of the cache.
        const ticket = answers ? answers.ticket() : 0;
        const auth = endpoint.keyAuth
          ? await keyCaller(endpoint, request, roles)
          : await options.authorize(request, roles);
        // Every later line about this request names whose it is (the request id is already there).
        if (auth) request.log = reply.log = request.log.child({ accountId: auth.accountId });
        const params = parseOrThrow(endpoint.params, request.params, 'params');
        const query = parseOrThrow(endpoint.query, request.query, 'query');
        // Multipart uploads are read by the handler as a stream; JSON bodies are parsed here.
        const body = endpoint.multipart ? undefined : parseOrThrow(endpoint.body, request.body, 'body');
        let message = endpoint.message;
        const useMessage = (k: string) => {
          const alternative = endpoint.messages?.[k];
          if (!alternative) throw new Error(`${key(endpoint)} declares no message ${k}`);
          message = alternative;
        };
        // The handler's own type (RequestContext<E>) says which kind of caller it gets.
        const ctx = { params, query, body, auth, request, reply, useMessage } as unknown as RequestContext<Endpoint>;
        const cacheKey = answers && auth && !endpoint.keyAuth ? answerCache!.key(ctx) : null;
        const accountId = auth?.accountId;
        if (cacheKey !== null) {
          const ready = answers!.get(accountId!, cacheKey);
          if (ready !== null) return reply.type(JSON_TYPE).send(ready);
        }
        const payload = ration ? await spending(options.refusals!, ration, handler(ctx)) : await handler(ctx);
        // The handler answered in another form itself (CSV, plain text).
        if (reply.sent) return reply;
        if (options.validateResponses) {
          const checked = endpoint.payload.safeParse(plainPayload(payload));
          if (!checked.success)
            throw new Error(`Payload of ${key(endpoint)} breaks the contract: ${checked.error.message}`);
        }
        if (endpoint.encoded) {
          // Built as bytes (ADR 055); a string with a JSON type would be sent as it is too.
          const bytes = encodedEnvelope(message, payload);
          if (cacheKey === null) return reply.type(JSON_TYPE).send(bytes);
          const ready = bytes.toString();
          answers!.keep(accountId!, cacheKey, ticket, ready, answerCache!.until?.(payload, ctx));
          return reply.type(JSON_TYPE).send(ready);
        }
        const envelope = { status: 200, message, payload: payload ?? null };
        if (cacheKey === null) return reply.send(envelope);
        // Serialized once by the route's own serializer; a string with a JSON type is sent as it is.
        const ready = reply.serialize(envelope) as string;
        answers!.keep(accountId!, cacheKey, ticket, ready, answerCache!.until?.(payload, ctx));
        return reply.type(JSON_TYPE).send(ready);
      },
    });
  }
}
