import { createAlert, deleteAlert, myAlerts, updateAlert } from '@tollgate/contract/automation/alerts';
import {
  myAutoTopup,
  removeSavedCard,
  saveAutoTopup,
  saveCardCheckout,
} from '@tollgate/contract/automation/auto-topup';
import { myRotationLink, resetRotationLink, rotateSession } from '@tollgate/contract/automation/rotation';
import {
  createWebhook,
  deleteWebhook,
  myWebhookDeliveries,
  myWebhooks,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
} from '@tollgate/contract/automation/webhooks';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import type { Automation } from './automation';

/** Issue 18's automation: usage alerts, webhooks, auto top-up and rotation links (ADR 034). */
export function automationRoutes(automation: Automation): RouteDefinition[] {
  const { alerts, webhooks, autoTopup, rotation } = automation;
  return [
    route(myAlerts, ({ auth }) => alerts.list(auth.accountId)),
    route(createAlert, ({ auth, body }) => alerts.create(auth.accountId, body)),
    route(updateAlert, ({ auth, params, body }) => alerts.update(auth.accountId, params.id, body)),
    route(deleteAlert, ({ auth, params }) => alerts.remove(auth.accountId, params.id)),

    route(myWebhooks, ({ auth }) => webhooks.list(auth.accountId)),
    route(createWebhook, ({ auth, body }) => webhooks.create(auth.accountId, body)),
    route(updateWebhook, ({ auth, params, body }) => webhooks.update(auth.accountId, params.id, body)),
    route(deleteWebhook, ({ auth, params }) => webhooks.remove(auth.accountId, params.id)),
    route(rotateWebhookSecret, ({ auth, params }) => webhooks.rotate(auth.accountId, params.id)),
    route(testWebhook, ({ auth, params }) => webhooks.test(auth.accountId, params.id)),
    route(myWebhookDeliveries, ({ auth, query }) => webhooks.deliveries(auth.accountId, query)),

    route(myAutoTopup, ({ auth }) => autoTopup.view(auth.accountId)),
    route(saveAutoTopup, ({ auth, body }) => autoTopup.save(auth.accountId, body)),
    route(saveCardCheckout, ({ auth }) => autoTopup.startCardSetup(auth.accountId, auth.account.email)),
    route(removeSavedCard, ({ auth }) => autoTopup.removeCard(auth.accountId)),

    route(myRotationLink, ({ auth, params }) => rotation.link(auth.accountId, params.id)),
    route(resetRotationLink, ({ auth, params }) => rotation.reset(auth.accountId, params.id)),
    route(rotateSession, ({ params, query }) => rotation.rotate(params.token, query.session)),
  ];
}
