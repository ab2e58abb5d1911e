import { randomUUID } from 'node:crypto';
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
import type { Endpoint, ParsedBodyOf } from '@tollgate/contract/endpoint';
import type { FastifyRequest } from 'fastify';
import { validationError } from '#platform/http/errors.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createResellerApiService, type ResellerApiDeps } from './reseller-api.service';
import { createSubUsersService, type SubUsersDeps } from './sub-users.service';

/**
 * The caller's Idempotency-Key as the endpoint declares it (the same fact OpenAPI documents): a
 * malformed key is 400 naming the header; a missing one is 400 where the key is `required`, and
 * where it is `optional` (a spec call that has none, issue 33) the order is new each time, so a retry
 * may sell twice (the endpoint's summary says so).
 */
export function idempotencyKey(endpoint: Pick<Endpoint, 'idempotent'>, request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined && endpoint.idempotent === 'optional') return `none:${randomUUID()}`;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value))
    throw validationError([{ path: 'headers.Idempotency-Key', message: IDEMPOTENCY_MISSING }]);
  return value;
}

type SellBody = ParsedBodyOf<typeof resellerSellSubUserPlan>;

/**
 * Selling one of the reseller's sub-users a plan (the reseller API, the reseller panel): the
 * reseller's order, paid by it, for a plan owned by the sub-user, which is checked to be this
 * reseller's inside the order's transaction (another's is 404).
 */
export function sellToSubUser(
  api: ReturnType<typeof createResellerApiService>,
  subUsers: ReturnType<typeof createSubUsersService>,
) {
  return async (resellerId: string, key: string, subUserId: string, body: SellBody) => {
    const answer = await api.order(resellerId, key, `sub-user:${subUserId}`, body, {
      planId: await subUsers.planFor(body),
      quantity: body.bandwidth ?? body.threads!,
      days: body.days,
      country: body.region,
      owner: subUsers.ownerCheck(resellerId, subUserId),
    });
    return { subUserId, ...answer };
  };
}

/** The reseller API (issue 17): key + bearer token checked by registerRoutes, rules in the service. */
export function resellerApiRoutes(deps: ResellerApiDeps & SubUsersDeps): RouteDefinition[] {
  const api = createResellerApiService(deps);
  const subUsers = createSubUsersService(deps);
  const sell = sellToSubUser(api, subUsers);
  return [
    route(resellerPurchase, ({ auth, body, request }) => {
      auth.requireWrite();
      return api.order(auth.accountId, idempotencyKey(resellerPurchase, request), 'purchase', body, body);
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
        return api.addGigabytes(auth.accountId, idempotencyKey(endpoint, request), product, body);
      }),
    ),
    route(resellerExtendCalculate, ({ auth, body }) => api.extensionQuote(auth.accountId, body)),
    route(resellerPlanExtend, ({ auth, body, request }) => {
      auth.requireWrite();
      return api.extend(auth.accountId, idempotencyKey(resellerPlanExtend, request), body);
    }),
    route(resellerSubUsers, ({ auth, query }) => subUsers.list(auth.accountId, query)),
    route(resellerCreateSubUser, ({ auth, body }) => {
      auth.requireWrite();
      return subUsers.create(auth.accountId, body);
    }),
    route(resellerSubUser, ({ auth, params }) => subUsers.get(auth.accountId, params.id)),
    route(resellerSellSubUserPlan, ({ auth, params, body, request }) => {
      auth.requireWrite();
      return sell(auth.accountId, idempotencyKey(resellerSellSubUserPlan, request), params.id, body);
    }),
    route(resellerDeleteSubUserPlan, ({ auth, params }) => {
      auth.requireWrite();
      return subUsers.deletePlan(auth.accountId, params.id, params.planId);
    }),
  ];
}
