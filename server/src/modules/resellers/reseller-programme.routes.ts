import {
  adminApproveResellerApplication,
  adminRejectResellerApplication,
  adminResellerApplications,
  applyForReseller,
  createResellerKey,
  resellerDashboard,
} from '@tollgate/contract/reseller/reseller-programme';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createResellerProgrammeService, type ResellerProgrammeDeps } from './reseller-programme.service';

/** The reseller programme (ADR 042): the customer's application, dashboard and key; staff's review. */
export function resellerProgrammeRoutes(deps: ResellerProgrammeDeps): RouteDefinition[] {
  const programme = createResellerProgrammeService(deps);
  return [
    route(applyForReseller, ({ auth, body }) => programme.apply(auth, body.resellerRequestFormResponses)),
    route(resellerDashboard, ({ auth }) => programme.dashboard(auth)),
    route(createResellerKey, ({ auth }) => programme.createKey(auth)),
    route(adminResellerApplications, ({ query }) => programme.list(query)),
    route(adminApproveResellerApplication, ({ auth, params, body }) => programme.approve(auth, params.id, body)),
    route(adminRejectResellerApplication, ({ auth, params, body }) => programme.reject(auth, params.id, body.reason)),
  ];
}
