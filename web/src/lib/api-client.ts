import {
  fillPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type PayloadOf,
  type QueryOf,
} from '@tollgate/contract/endpoint';
import { decodePayload } from '@tollgate/contract/http/encoding';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { adoptEarly } from './early-requests.ts';
import { queryString, requestBody } from './request.ts';
import { paths } from './paths.ts';
import { storage } from './storage.ts';
import { resetTheme } from './theme.ts';

/** A non-2xx envelope: status, exact server message and its payload (usually `{ error, fields? }`). */
/** 16 random hex characters: unique enough to find one call in a day of logs, short enough to quote. */
const requestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly payload: unknown,
    /** The id the shop logged this request under: what support looks it up by. */
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get fields(): Array<{ path: string; message: string }> {
    const fields = (this.payload as { fields?: unknown } | null)?.fields;
    return Array.isArray(fields) ? (fields as Array<{ path: string; message: string }>) : [];
  }
}

/**
 * The request never got an answer (offline, DNS, a dropped connection): fetch's own TypeError, named.
 * Logged where it happens (spec §8); a form that sent the request still says so in a sentence.
 */
export class NetworkError extends TypeError {
  constructor(cause: unknown) {
    super('Network Error', { cause });
    this.name = 'NetworkError';
  }
}

/** The session messages the client acts on (contract/http/messages is zod-free, so cheap to import). */
export const SESSION_MESSAGES = MESSAGES;

/**
 * A schema-free handle on a contract endpoint (method, path, roles, encoding) for public-page code
 * that must stay out of zod's reach; `route-of` tests keep each handle equal to its endpoint.
 */
export type RouteOf<E extends Endpoint> = Pick<E, 'method' | 'path' | 'roles' | 'encoded'> & {
  readonly __endpoint?: E;
};
export function routeOf<E extends Endpoint>(meta: Pick<E, 'method' | 'path' | 'roles' | 'encoded'>): RouteOf<E> {
  return meta;
}

type Navigate = (to: string) => unknown;
const hooks: { navigate: Navigate; onSessionEnd: () => void } = {
  navigate: (to) => window.location.assign(to),
  onSessionEnd: () => {},
};

/** The router plugs in its navigate and the query cache reset once it exists. */
export function configureApiClient(next: Partial<typeof hooks>): void {
  Object.assign(hooks, next);
}

/** Signs the browser out locally: storage cleared, light theme, cached data dropped. */
export function endSession(to?: string): void {
  storage.clearSession();
  resetTheme();
  if (to === undefined) {
    hooks.onSessionEnd();
    return;
  }
  void Promise.resolve(hooks.navigate(to)).then(() => hooks.onSessionEnd());
}

type Option<T, Key extends string, Required extends boolean> = [T] extends [never]
  ? { [K in Key]?: undefined }
  : Required extends true
    ? { [K in Key]: T }
    : { [K in Key]?: T };

export type CallOptions<E extends Endpoint> = Option<ParamsOf<E>, 'params', true> &
  Option<QueryOf<E>, 'query', false> &
  Option<BodyOf<E>, 'body', true> & {
    signal?: AbortSignal;
    /** Failures are only thrown, never acted on: the landing call is "log only" (spec §7). */
    quiet?: boolean;
    /** The upload of a multipart endpoint, sent in its `multipart.field`. */
    file?: Blob;
    /** The optional images of a multipart form endpoint (`multipart.form.files`), by field. */
    files?: Record<string, Blob | undefined>;
    /** Extra request headers, such as the Idempotency-Key a call that charges needs (contract `idempotent`). */
    headers?: Record<string, string>;
  };

type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The session rules of spec §4/§8, applied to every failed call in one place. */
function applySessionRules(status: number, message: string, protectedCall: boolean): void {
  if (status >= 500) {
    void hooks.navigate(paths.serverError);
    return;
  }
  // A public call (sign-in itself) answering 401/403 says nothing about a session.
  if (!protectedCall) return;
  if (status === 401) endSession(message === SESSION_MESSAGES.jwtExpired ? paths.home : paths.login);
  else if (status === 403 && message === SESSION_MESSAGES.unauthorized) endSession(paths.login);
}

/** Calls one contract endpoint and returns its (decoded) payload, or throws ApiError. */
export async function call<E extends Endpoint>(endpoint: E | RouteOf<E>, ...args: CallArgs<E>): Promise<PayloadOf<E>> {
  return (await callForMessage(endpoint, ...args)).payload;
}

/**
 * `call`, with the server's message beside the payload: for endpoints whose success has more than
 * one meaning (`messages`), such as a staff grant that waits for approval instead of applying.
 */
export async function callForMessage<E extends Endpoint>(
  endpoint: E | RouteOf<E>,
  ...[options]: CallArgs<E>
): Promise<{ message: string; payload: PayloadOf<E> }> {
  const opts = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
    quiet?: boolean;
    file?: Blob;
    files?: Record<string, Blob | undefined>;
    headers?: Record<string, string>;
  };
  const url = fillPath(endpoint.path, opts.params) + queryString(opts.query);
  // The shop logs the call under this id and answers it back, so a failure quoted by a customer can be
  // found in the logs.
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': requestId(), ...opts.headers };
  const isPublic = endpoint.roles.every((role) => role === 'anonymous');
  const token = storage.getToken();
  // Spec §7: every call carries the token except public ones such as the landing call.
  if (token && !isPublic) headers.authorization = `Bearer ${token}`;
  const body = requestBody('multipart' in endpoint ? endpoint.multipart : undefined, opts, headers);

  let response: Response;
  try {
    const sentEarly = endpoint.method === 'GET' ? adoptEarly(url, isPublic ? null : token) : undefined;
    response = await (sentEarly ?? fetch(url, { method: endpoint.method, headers, body, signal: opts.signal }));
  } catch (error) {
    // Spec §8: a network error is logged; aborted queries are not errors at all.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Network Error', error);
    throw new NetworkError(error);
  }

  const envelope = (await response.json().catch(() => null)) as {
    status?: unknown;
    message?: unknown;
    payload?: unknown;
  } | null;
  const message = typeof envelope?.message === 'string' ? envelope.message : response.statusText;
  if (!response.ok) {
    if (!opts.quiet) applySessionRules(response.status, message, !isPublic);
    throw new ApiError(response.status, message, envelope?.payload ?? null, response.headers.get('x-request-id'));
  }
  if (!envelope || typeof envelope !== 'object' || !('payload' in envelope)) {
    throw new ApiError(response.status, 'Malformed response', envelope, response.headers.get('x-request-id'));
  }
  const payload =
    endpoint.encoded && typeof envelope.payload === 'string' ? decodePayload(envelope.payload) : envelope.payload;
  return { message, payload: payload as PayloadOf<E> };
}
