import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_MISSING,
  resellerGeneralInfo,
  resellerPurchase,
} from '@tollgate/contract/reseller/reseller-api';
import type { FastifyRequest } from 'fastify';
import { validationError } from '#platform/http/errors.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createResellerApiService, type ResellerApiDeps } from './reseller-api.service';

/** The caller's Idempotency-Key, or 400 naming the header (every call that charges needs one). */
function idempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value))
    throw validationError([{ path: 'headers.Idempotency-Key', message: IDEMPOTENCY_MISSING }]);
  return value;
}

/** The reseller API (issue 17): key + bearer token checked by registerRoutes, rules in the service. */
export function resellerApiRoutes(deps: ResellerApiDeps): RouteDefinition[] {
  const api = createResellerApiService(deps);
  return [
    route(resellerPurchase, ({ auth, body, request }) => {
      auth.requireWrite();
      return api.purchase(auth.accountId, idempotencyKey(request), body);
    }),
    route(resellerGeneralInfo, ({ auth }) => api.generalInfo(auth.accountId)),
  ];
}
