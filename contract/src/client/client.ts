import type { Endpoint, BodyOf, ParamsOf, PayloadOf, QueryOf, TakesApiKey } from '../endpoint';
import { fillPath } from '../endpoint';
import { api, type Api } from '../endpoints';
import type { ErrorEnvelope } from '../http/envelope';
import { decodePayload } from '../http/encoding';
import { MESSAGES } from '../http/messages';
import { API_KEY_HEADER } from '../profile/api-keys';
import { IDEMPOTENCY_HEADER } from '../reseller/reseller-api';

/**
 * A typed client of the reseller and Customer APIs (issue 33, item 5), for integrators' Node or
 * browser code: each call is named as the endpoint table names it (the OpenAPI operationId), its
 * request and answer typed from the table's zod schemas. A call that charges gets an Idempotency-Key
 * unless given one, and a lost answer or a 503 is retried with that same key, so a retry never
 * charges twice. Refusals come back as values with the status and the exact message (rule 139),
 * never as exceptions. It needs only `fetch`.
 */

/** Calls with an API key (the reseller and Customer APIs), plus signing in and the public plan list. */
const EXTRA = ['login', 'me', 'catalogue'] as const;
export type ClientCallName =
  { [K in keyof Api]: TakesApiKey<Api[K]> extends true ? K : never }[keyof Api] | (typeof EXTRA)[number];

export const isClientCall = (name: string): name is ClientCallName => {
  const endpoint = (api as Record<string, Endpoint>)[name];
  return Boolean(endpoint && (endpoint.keyAuth || (EXTRA as readonly string[]).includes(name)));
};

/** A part of the request: left out where the call has none, optional where nothing in it is required. */
type Present<T, K extends string> = [T] extends [never]
  ? { [P in K]?: never }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing required" is exactly {}
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
/** What a call takes: its path parameters, query and JSON body as the contract types them. */
export type ClientRequest<N extends ClientCallName> = Present<ParamsOf<Api[N]>, 'params'> &
  Present<QueryOf<Api[N]>, 'query'> &
  Present<BodyOf<Api[N]>, 'body'> & {
    /** Your id of this order; a fresh one is made for a call that charges when left out. */
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

/** A refusal (status and exact message as the server sent them) or no answer at all (status 0). */
export interface ClientError {
  ok: false;
  /** 0 when no answer came (the network failed on every attempt). */
  status: number;
  message: string;
  payload: ErrorEnvelope['payload'];
  /** The Idempotency-Key the call was sent with, to retry it later without charging twice. */
  idempotencyKey?: string;
}
export interface ClientSuccess<N extends ClientCallName> {
  ok: true;
  status: 200;
  /** The exact success message (some calls have several, e.g. 'IP added to whitelist'). */
  message: string;
  data: PayloadOf<Api[N]>;
  idempotencyKey?: string;
}
export type ClientResult<N extends ClientCallName> = ClientSuccess<N> | ClientError;

export interface ClientOptions {
  /** The shop's address, e.g. https://shop.example (no /api/v1). */
  baseUrl: string;
  /** Your API key: a reseller key, or a customer key from Settings → API keys. */
  apiKey?: string;
  /** A bearer token from `login` (reseller calls need it beside the key). */
  token?: string;
  /** Attempts after the first on a lost answer or a 503; 2 unless set. */
  retries?: number;
  /** Milliseconds before the first retry, doubled for each next one (a 503's Retry-After wins); 250 unless set. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  /** How to wait between attempts (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

/** The request argument: required when the call has a required path parameter, query field or body. */
type Optional<N extends ClientCallName, K extends 'params' | 'query' | 'body'> = undefined extends ClientRequest<N>[K]
  ? true
  : false;
type RequestArgs<N extends ClientCallName> = [
  Optional<N, 'params'>,
  Optional<N, 'query'>,
  Optional<N, 'body'>,
] extends [true, true, true]
  ? [request?: ClientRequest<N>]
  : [request: ClientRequest<N>];

export interface TollgateClient {
  call<N extends ClientCallName>(name: N, ...request: RequestArgs<N>): Promise<ClientResult<N>>;
  /** Use this bearer token from now on (e.g. the accessToken `login` answered). */
  setToken(token: string | undefined): void;
}

const NETWORK_ERROR = 'Network Error';
type WireEnvelope = { status?: number; message?: string; payload?: unknown };
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** 32 hex digits: inside the server's 8-100 of [A-Za-z0-9_.:-]; getRandomValues exists on every runtime with fetch. */
const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

function queryString(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  if (pairs.length === 0) return '';
  return `?${new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString()}`;
}

export function createClient(options: ClientOptions): TollgateClient {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? wait;
  const retries = options.retries ?? 2;
  const baseDelay = options.retryDelayMs ?? 250;
  const base = options.baseUrl.replace(/\/+$/, '');
  let token = options.token;

  return {
    setToken(next) {
      token = next;
    },
    async call(name, ...args) {
      const request = (args[0] ?? {}) as ClientRequest<typeof name>;
      if (!isClientCall(name)) throw new Error(`${String(name)} is not a call of the reseller or Customer API`);
      const endpoint = (api as Record<string, Endpoint>)[name]!;
      const { params, query, body, signal } = request as {
        params?: Record<string, unknown>;
        query?: Record<string, unknown>;
        body?: unknown;
        signal?: AbortSignal;
      };
      const idempotencyKey = endpoint.idempotent ? (request.idempotencyKey ?? newIdempotencyKey()) : undefined;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (endpoint.keyAuth && options.apiKey) headers[API_KEY_HEADER] = options.apiKey;
      // A customer key call goes without the session; every other signed-in call carries it.
      if (token && !endpoint.roles.includes('anonymous') && !(endpoint.keyAuth && !endpoint.apiKey))
        headers.authorization = `Bearer ${token}`;
      if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const url = `${base}${fillPath(endpoint.path, params)}${queryString(query)}`;
      // A retry is safe where it cannot do a thing twice: a read, or a call carrying an Idempotency-Key.
      const safe = endpoint.method === 'GET' || idempotencyKey !== undefined;
      const keyed = idempotencyKey ? { idempotencyKey } : {};

      for (let attempt = 0; ; attempt++) {
        let response: Response;
        try {
          response = await fetcher(url, {
            method: endpoint.method,
            headers,
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            ...(signal ? { signal } : {}),
          });
        } catch (error) {
          if (signal?.aborted) throw error;
          if (safe && attempt < retries) {
            await sleep(baseDelay * 2 ** attempt);
            continue;
          }
          return { ok: false, status: 0, message: NETWORK_ERROR, payload: { error: String(error) }, ...keyed };
        }
        if (response.status === 503 && safe && attempt < retries) {
          const after = Number(response.headers.get('retry-after'));
          await sleep(after > 0 ? after * 1000 : baseDelay * 2 ** attempt);
          continue;
        }
        const text = await response.text();
        let envelope: WireEnvelope | null;
        try {
          envelope = JSON.parse(text) as WireEnvelope;
        } catch {
          envelope = null;
        }
        if (response.ok && envelope && typeof envelope.message === 'string') {
          const payload = endpoint.encoded ? decodePayload(envelope.payload as string) : envelope.payload;
          return { ok: true, status: 200, message: envelope.message, data: payload as never, ...keyed };
        }
        // A list asked for as text or CSV (format=text) answers the text itself.
        if (response.ok) return { ok: true, status: 200, message: '', data: text as never, ...keyed };
        const refusal = envelope as Partial<ErrorEnvelope> | null;
        return {
          ok: false,
          status: response.status,
          message: refusal?.message ?? (response.status === 503 ? MESSAGES.unavailable : response.statusText),
          payload: refusal?.payload ?? { error: text.slice(0, 200) },
          ...keyed,
        };
      }
    },
  };
}
