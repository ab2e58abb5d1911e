import {
  adminChangeRequests,
  approveChangeRequest,
  rejectChangeRequest,
} from '@tollgate/contract/admin/change-requests';
import { route } from '#platform/http/routes.ts';
import { createChangeRequestsService } from './change-requests.service';

export function changeRequestsRoutes(deps: Parameters<typeof createChangeRequestsService>[0]) {
  const service = createChangeRequestsService(deps);
  return [
    route(adminChangeRequests, ({ query }) => service.list(query)),
    route(approveChangeRequest, ({ auth, params, body }) => service.approve(auth, params.id, body.reason)),
    route(rejectChangeRequest, ({ auth, params, body }) => service.reject(auth, params.id, body.reason)),
  ];
}
