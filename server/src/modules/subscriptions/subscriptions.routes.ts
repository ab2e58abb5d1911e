import {
  activateSubscription,
  dashboard,
  deleteResidential,
  getAutoRenew,
  mySubscription,
  setAutoRenewStatus,
  setAutoRenewValue,
} from '@tollgate/contract/subscriptions/subscriptions';
import type { Db } from '#platform/db/client.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createSubscriptionsService } from './subscriptions.service';

export function subscriptionsRoutes({ db }: { db: Db }): RouteDefinition[] {
  const service = createSubscriptionsService({ db });
  return [
    route(dashboard, ({ auth }) => service.dashboard(auth.accountId)),
    route(mySubscription, ({ auth, params }) => service.get(params.id, auth.accountId)),
    route(activateSubscription, ({ auth, params }) => service.activate(params.subscriptionId, auth.accountId)),
    route(deleteResidential, ({ auth, params }) => service.remove(params.id, auth.accountId)),
    route(getAutoRenew, ({ auth, body }) => service.autoRenew(body.subscriptionId, auth.accountId)),
    route(setAutoRenewStatus, ({ auth, body }) =>
      service.setAutoRenewStatus(body.subscriptionId, auth.accountId, body.status),
    ),
    route(setAutoRenewValue, ({ auth, body }) =>
      service.setAutoRenewValue(body.subscriptionId, auth.accountId, body.renewvalue),
    ),
  ];
}
