import {
  resellerPanelCreateKey,
  resellerPanelCreateSubUser,
  resellerPanelOrders,
  resellerPanelOverview,
  resellerPanelPlans,
  resellerPanelRevokeKey,
  resellerPanelSellPlan,
  resellerPanelSubUser,
  resellerPanelSubUsers,
} from '@tollgate/contract/reseller/reseller-panel';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { idempotencyKey, sellToSubUser } from './reseller-api.routes';
import { createResellerApiService, type ResellerApiDeps } from './reseller-api.service';
import { createResellerPanelService } from './reseller-panel.service';
import { createSubUsersService, type SubUsersDeps } from './sub-users.service';

/**
 * The reseller panel (ADR 044): the web area of a reseller=1 account, called with its session alone.
 * The contract lets only the `Reseller` principal in; sub-users and sales are the reseller API's
 * own services, so the panel and the API can never disagree on a rule or a price.
 */
export function resellerPanelRoutes(deps: ResellerApiDeps & SubUsersDeps): RouteDefinition[] {
  const panel = createResellerPanelService(deps);
  const subUsers = createSubUsersService(deps);
  const sell = sellToSubUser(createResellerApiService(deps), subUsers);
  return [
    route(resellerPanelOverview, ({ auth }) => panel.overview(auth.accountId)),
    route(resellerPanelOrders, ({ auth, query }) => panel.orders(auth.accountId, query)),
    route(resellerPanelSubUsers, ({ auth, query }) => subUsers.list(auth.accountId, query)),
    route(resellerPanelCreateSubUser, ({ auth, body }) => subUsers.create(auth.accountId, body)),
    route(resellerPanelSubUser, ({ auth, params }) => subUsers.get(auth.accountId, params.id)),
    route(resellerPanelSellPlan, ({ auth, params, body, request }) =>
      sell(auth.accountId, idempotencyKey(resellerPanelSellPlan, request), params.id, body),
    ),
    route(resellerPanelPlans, ({ auth }) => panel.plans(auth.accountId)),
    route(resellerPanelCreateKey, ({ auth }) => panel.createKey(auth.accountId)),
    route(resellerPanelRevokeKey, ({ auth }) => panel.revokeKey(auth.accountId)),
  ];
}
