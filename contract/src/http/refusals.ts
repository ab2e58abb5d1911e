import { SIGNED_IN } from '../access/roles';
import type { Endpoint, Refusal } from '../endpoint';
import { API_KEY_INVALID, API_KEY_MISSING } from '../profile/api-keys';
import { BEARER_INVALID, BEARER_MISMATCH, BEARER_MISSING, IDEMPOTENCY_REUSED } from '../reseller/reseller-api';
import { MESSAGES } from './messages';

/**
 * Every way a call can be refused, with the exact envelope message (rule 139), read from the
 * endpoint's row: the facts the server's one route hook acts on (roles, keyAuth, apiKey, input
 * schemas, idempotent, rate limits) imply most of them; `refusals` adds the call's own. OpenAPI
 * documents this list and the typed client's errors carry its messages.
 */
export function refusalsOf(endpoint: Endpoint): Refusal[] {
  const list: Refusal[] = [];
  const add = (status: number, message: string, when: string) => list.push({ status, message, when });
  const takesInput = Boolean(endpoint.params || endpoint.query || endpoint.body || endpoint.multipart);
  if (takesInput || endpoint.idempotent)
    add(
      400,
      MESSAGES.validation,
      endpoint.idempotent
        ? 'A field or the Idempotency-Key header is missing or malformed; payload.fields names it'
        : 'A field is missing or malformed; payload.fields names it',
    );
  if (endpoint.keyAuth) {
    add(401, API_KEY_MISSING, 'No API key was sent');
    add(401, API_KEY_INVALID, 'The API key is unknown or revoked');
    if (endpoint.apiKey) {
      add(401, BEARER_MISSING, 'The API key came without a bearer token');
      add(401, BEARER_INVALID, 'The bearer token is malformed, forged or signed out');
      add(401, BEARER_MISMATCH, 'The bearer token is a session of another account than the key');
      add(401, MESSAGES.jwtExpired, 'The bearer token has expired');
      add(401, MESSAGES.sessionRevoked, 'The bearer token’s session was ended (sign-out, password reset)');
    }
    add(403, MESSAGES.forbidden, 'The key’s account may not use this call');
  } else if (!endpoint.roles.includes('anonymous')) {
    add(401, MESSAGES.jwtExpired, 'The access token has expired');
    add(401, MESSAGES.sessionRevoked, 'The session was ended (sign-out, password reset, account disabled)');
    add(403, MESSAGES.unauthorized, 'No access token, or a malformed or forged one');
    if (!SIGNED_IN.every((principal) => endpoint.roles.includes(principal)))
      add(403, MESSAGES.forbidden, 'Signed in, but your account may not use this call');
  }
  if (endpoint.params) add(404, MESSAGES.notFound, 'Nothing with this id is yours to see');
  if (endpoint.idempotent) add(422, IDEMPOTENCY_REUSED, 'The Idempotency-Key was used before with another request');
  add(
    429,
    MESSAGES.tooManyRequests,
    endpoint.keyAuth
      ? `More than ${endpoint.keyAuth.perMinute} calls a minute with this key; Retry-After says when to call again`
      : 'Too many requests; Retry-After says when to call again',
  );
  add(500, MESSAGES.internal, 'The server failed; payload.requestId names the request');
  add(503, MESSAGES.unavailable, 'The database is out of reach for a moment; Retry-After says when to call again');
  for (const own of endpoint.refusals ?? [])
    if (!list.some((r) => r.status === own.status && r.message === own.message)) list.push(own);
  return list.sort((a, b) => a.status - b.status);
}
