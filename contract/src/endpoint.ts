import type { z } from 'zod';
import type { Principal } from './access/roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** One way a call is refused: the status, the envelope's exact message and when it happens. */
export interface Refusal {
  status: number;
  message: string;
  when: string;
}
export interface KeyAuth {
  perMinute: number;
  inQuery?: boolean;
}

/**
 * One row of the endpoint table. Paths are written as the spec writes them (`{param}`), always
 * under /api/v1. `roles` is required and never empty: the server refuses to start otherwise.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Payload extends z.ZodType = z.ZodType,
  Roles extends readonly Principal[] = readonly Principal[],
  Key extends KeyAuth | undefined = KeyAuth | undefined,
> {
  method: HttpMethod;
  path: `/api/v1/${string}`;
  roles: Roles;
  summary: string;
  tag: string;
  /** The exact success message of the envelope. */
  message: string;
  /** Other success messages the handler may choose by key, e.g. sign-in that still needs a code. */
  messages?: Record<string, string>;
  /**
   * A multipart upload instead of a JSON body: one file field, size cap and allowed image types.
   * With `form`, a write that carries fields and files at once: the `body` travels as JSON text in
   * the form field `form.json`, and each of `form.files` is an optional image (`field` is then unused).
   */
  multipart?: {
    field: string;
    maxBytes: number;
    types: readonly string[];
    form?: { json: string; files: readonly string[] };
  };
  params?: Params;
  query?: Query;
  body?: Body;
  payload: Payload;
  /** The payload travels encoded (see http/encoding). `payload` then describes the decoded value. */
  encoded?: boolean;
  /**
   * Reseller API calls also need the `x-api-key` header. With `keyAuth`, the key authenticates and
   * the bearer token of the same account is checked as well (spec §6, ADR 038).
   */
  apiKey?: boolean;
  /**
   * The call charges money and takes an `Idempotency-Key` header (the service keeps the answers):
   * `required` refuses a call without one; `optional` (a spec call that has none, issue 33) makes each
   * call without one a new order. A malformed key is refused either way.
   */
  idempotent?: 'required' | 'optional';
  /**
   * Refusals of this call beyond those its other facts imply (see http/refusals), each with the exact
   * message the server sends: OpenAPI documents them and the typed client's errors carry them.
   */
  refusals?: readonly Refusal[];
  /**
   * Authenticated by an account's API key (ADR 038) instead of a session token: the `x-api-key`
   * header, or with `inQuery` also `?api_key=` (for a router that can only call one URL). `roles`
   * name the principals whose keys are accepted; `perMinute` is the rate limit per key.
   */
  keyAuth?: Key;
  /**
   * Requests per minute per client IP; with `perBodyField`, per client IP and value of that field,
   * so one office or NAT does not lock out its neighbours while guessing one account stays capped.
   */
  rateLimit?: { perMinute: number; perBodyField?: string };
  /** Largest JSON body in bytes, where an endpoint takes more than the server's 1 MiB default. */
  bodyLimit?: number;
}

export function defineEndpoint<
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Payload extends z.ZodType = z.ZodType,
  const Roles extends readonly Principal[] = readonly Principal[],
  const Key extends KeyAuth | undefined = undefined,
>(endpoint: Endpoint<Params, Query, Body, Payload, Roles, Key>): Endpoint<Params, Query, Body, Payload, Roles, Key> {
  return endpoint;
}

type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, readonly Principal[]>;
type Schema<E, K extends 'params' | 'query' | 'body' | 'payload'> = E extends AnyEndpoint ? NonNullable<E[K]> : never;

/** What a caller sends (before defaults and coercion) and what a handler receives (after). */
export type ParamsOf<E> = z.input<Schema<E, 'params'>>;
export type QueryOf<E> = z.input<Schema<E, 'query'>>;
export type BodyOf<E> = z.input<Schema<E, 'body'>>;
export type ParsedParamsOf<E> = z.output<Schema<E, 'params'>>;
export type ParsedQueryOf<E> = z.output<Schema<E, 'query'>>;
export type ParsedBodyOf<E> = z.output<Schema<E, 'body'>>;
export type PayloadOf<E> = z.output<Schema<E, 'payload'>>;
/** True when the endpoint is called with an API key instead of a session (ADR 038). */
export type TakesApiKey<E> = E extends { keyAuth?: infer K }
  ? [NonNullable<K>] extends [never]
    ? false
    : true
  : false;
/** True when the endpoint can be called without signing in. */
export type IsPublic<E> = E extends { roles: readonly (infer R)[] } ? ('anonymous' extends R ? true : false) : false;

/** `/api/v1/x/{id}` + `{ id: 3 }` -> `/api/v1/x/3` */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
