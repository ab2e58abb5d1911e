import {
  adminCampaign,
  adminCampaigns,
  campaignAudience,
  campaignPreview,
  campaignRecipients,
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  sendCampaign,
  testCampaign,
  updateCampaign,
} from '@tollgate/contract/admin/mail-sender';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createMailSenderService, type MailSenderDeps } from './mail-sender.service';

/** The staff mail sender (issue 14 item 6): campaigns, their audience, preview, test and delivery. */
export function mailSenderRoutes(deps: MailSenderDeps): RouteDefinition[] {
  const sender = createMailSenderService(deps);
  return [
    route(adminCampaigns, ({ query }) => sender.list(query)),
    route(adminCampaign, ({ params }) => sender.get(params.id)),
    route(createCampaign, ({ auth, body }) => sender.create(auth, body)),
    route(updateCampaign, ({ auth, params, body }) => sender.update(auth, params.id, body)),
    route(deleteCampaign, ({ auth, params }) => sender.remove(auth, params.id)),
    route(campaignAudience, ({ body }) => sender.reach(body.audience)),
    route(campaignPreview, async ({ auth, body }) => sender.preview(auth, body)),
    route(testCampaign, ({ auth, params }) => sender.test(auth, params.id)),
    route(sendCampaign, ({ auth, params }) => sender.send(auth, params.id)),
    route(cancelCampaign, ({ auth, params }) => sender.cancel(auth, params.id)),
    route(campaignRecipients, ({ params, query }) => sender.recipients(params.id, query)),
  ];
}
