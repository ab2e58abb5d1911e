import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_MISSING,
  resellerExtendCalculate,
  resellerGeneralInfo,
  resellerGigabyteIpv6,
  resellerGigabyteMobile,
  resellerGigabyteResidential,
  resellerPlanExtend,
  resellerPurchase,
} from '@tollgate/contract/reseller/reseller-api';
import {
  resellerCreateSubUser,
  resellerDeleteSubUserPlan,
  resellerSellSubUserPlan,
  resellerSubUser,
  resellerSubUsers,
} from '@tollgate/contract/reseller/sub-users';
import type { FastifyRequest } from 'fastify';
import { validationError } from '#platform/http/errors.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createResellerApiService, type ResellerApiDeps } from './reseller-api.service';
import { createSubUsersService, type SubUsersDeps } from './sub-users.service';

/** The caller's Idempotency-Key, or 400 naming the header (every call that charges needs one). */
function idempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value))
    throw validationError([{ path: 'headers.Idempotency-Key', message: IDEMPOTENCY_MISSING }]);
  return value;
}

/** The reseller API (issue 17): key + bearer token checked by registerRoutes, rules in the service. */
export function resellerApiRoutes(deps: ResellerApiDeps & SubUsersDeps): RouteDefinition[] {
  const api = createResellerApiService(deps);
  const subUsers = createSubUsersService(deps);
  return [
    route(resellerPurchase, ({ auth, body, request }) => {
      auth.requireWrite();
      return api.order(auth.accountId, idempotencyKey(request), 'purchase', body, body);
    }),
    route(resellerGeneralInfo, ({ auth }) => api.generalInfo(auth.accountId)),
    ...(
      [
        [resellerGigabyteIpv6, 'ipv6'],
        [resellerGigabyteResidential, 'residential'],
        [resellerGigabyteMobile, 'mobile'],
      ] as const
    ).map(([endpoint, product]) =>
      route(endpoint as typeof resellerGigabyteIpv6, ({ auth, body, request }) => {
        auth.requireWrite();
        return api.addGigabytes(auth.accountId, idempotencyKey(request), product, body);
      }),
    ),
    route(resellerExtendCalculate, ({ auth, body }) => api.extensionQuote(auth.accountId, body)),
    route(resellerPlanExtend, ({ auth, body, request }) => {
      auth.requireWrite();
      return api.extend(auth.accountId, idempotencyKey(request), body);
    }),
    route(resellerSubUsers, ({ auth, query }) => subUsers.list(auth.accountId, query)),
    route(resellerCreateSubUser, ({ auth, body }) => {
      auth.requireWrite();
      return subUsers.create(auth.accountId, body);
    }),
    route(resellerSubUser, ({ auth, params }) => subUsers.get(auth.accountId, params.id)),
    route(resellerSellSubUserPlan, async ({ auth, params, body, request }) => {
      auth.requireWrite();
      const answer = await api.order(auth.accountId, idempotencyKey(request), `sub-user:${params.id}`, body, {
        planId: body.planId,
        quantity: body.bandwidth ?? body.threads!,
        days: body.days,
        country: body.region,
        owner: subUsers.ownerCheck(auth.accountId, params.id),
      });
      return { subUserId: params.id, ...answer };
    }),
    route(resellerDeleteSubUserPlan, ({ auth, params }) => {
      auth.requireWrite();
      return subUsers.deletePlan(auth.accountId, params.id, params.planId);
    }),
  ];
}
