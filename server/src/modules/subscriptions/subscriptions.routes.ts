import {
  activateSubscription,
  dashboard,
  deleteResidential,
  getAutoRenew,
  mySubscription,
  setAutoRenewStatus,
  setAutoRenewValue,
} from '@tollgate/contract/subscriptions/subscriptions';
import * as staff from '@tollgate/contract/subscriptions/staff-subscriptions';
import { renameSubscription } from '@tollgate/contract/subscriptions/plan-details';
import type { Db } from '#platform/db/client.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createStaffSubscriptionsService } from './staff-subscriptions.service';
import { createSubscriptionsService } from './subscriptions.service';

export function subscriptionsRoutes(deps: {
  db: Db;
  verifyPayment: Parameters<typeof createStaffSubscriptionsService>[0]['verifyPayment'];
  announcements: Parameters<typeof createSubscriptionsService>[0]['announcements'];
}): RouteDefinition[] {
  const service = createSubscriptionsService({ db: deps.db, announcements: deps.announcements });
  const tools = createStaffSubscriptionsService(deps);
  // Support's copies (spec §6 subset) run the same code as the admin calls.
  const mirrored = <E extends Parameters<typeof route>[0]>(endpoints: E[], handler: Parameters<typeof route<E>>[1]) =>
    endpoints.map((endpoint) => route(endpoint, handler));
  return [
    route(staff.adminSubscriptions, ({ query }) => tools.list(query)),
    route(staff.supportSubscriptions, ({ query }) => tools.list(query)),
    route(staff.adminSubscription, ({ params }) => tools.get(params.id)),
    route(staff.adminSubscriptionTraffic, ({ params }) => tools.traffic(params.id)),
    route(staff.updateSubscription, ({ auth, params, body }) => tools.update(auth, params.id, body)),
    ...mirrored([staff.deleteSubscription, staff.supportDeleteSubscription], ({ auth, params, query }) =>
      tools.remove(auth, params.id, query.deleteOnlyRenew ?? false),
    ),
    ...mirrored(
      [staff.addSubscriptionBandwidth, staff.supportAddSubscriptionBandwidth],
      async ({ auth, params, body, useMessage }) => {
        const { subscription, pending } = await tools.addBandwidth(auth, params.id, body);
        if (pending) useMessage('pending');
        return subscription;
      },
    ),
    ...mirrored([staff.resolveSubscription, staff.supportResolveSubscription], ({ auth, params }) =>
      tools.resolve(auth, params.id),
    ),
    route(staff.reverifyPayment, ({ params }) => tools.reverifyPayment(params.id)),
    ...mirrored([staff.planTime, staff.supportPlanTime], async ({ auth, params, body, useMessage }) => {
      const { subscription, pending } = await tools.planTime(auth, params.subscriptionId, body);
      if (pending) useMessage('pending');
      return subscription;
    }),
    ...mirrored([staff.regenerateCredentials, staff.supportRegenerateCredentials], ({ auth, body }) =>
      tools.regenerate(auth, body.id),
    ),
    route(staff.addSubscription, ({ auth, params, body }) =>
      tools.add(auth, params.userId, body, { trialOnly: false }),
    ),
    route(staff.supportAddSubscription, ({ auth, params, body }) =>
      tools.add(auth, params.userId, body, { trialOnly: true }),
    ),
    route(staff.setWhitelistLimit, ({ auth, params }) =>
      tools.whitelistLimit(auth, params.subscriptionId, params.limit),
    ),
    route(staff.resetWhitelistLimit, ({ auth, params }) => tools.whitelistLimit(auth, params.subscriptionId, null)),
    // One answer per account, kept until its plans, spend, balance, plans on sale or settings change (ADR 024).
    route(dashboard, ({ auth }) => service.dashboard(auth.account), {
      answerCache: { key: () => '', until: (answer) => service.dashboardTurnsAt(answer) },
    }),
    route(mySubscription, ({ auth, params }) => service.get(params.id, auth.accountId)),
    route(activateSubscription, ({ auth, params }) => service.activate(params.subscriptionId, auth.accountId)),
    route(deleteResidential, ({ auth, params }) => service.remove(params.id, auth.accountId)),
    route(renameSubscription, ({ auth, params, body }) => service.rename(params.id, auth.accountId, body.label)),
    route(getAutoRenew, ({ auth, body }) => service.autoRenew(body.subscriptionId, auth.accountId)),
    route(setAutoRenewStatus, ({ auth, body }) =>
      service.setAutoRenewStatus(body.subscriptionId, auth.accountId, body.status),
    ),
    route(setAutoRenewValue, ({ auth, body }) =>
      service.setAutoRenewValue(body.subscriptionId, auth.accountId, body.renewvalue),
    ),
  ];
}
