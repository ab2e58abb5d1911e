import {
  adminChangeRequests,
  approveChangeRequest,
  rejectChangeRequest,
} from '@tollgate/contract/admin/change-requests';
import type { Db } from '#platform/db/client.ts';
import { route } from '#platform/http/routes.ts';
import { createChangeRequestsService, type ChangeAppliers } from './change-requests.service';

export function changeRequestsRoutes(deps: { db: Db; appliers: ChangeAppliers }) {
  const service = createChangeRequestsService(deps);
  return [
    route(adminChangeRequests, ({ query }) => service.list(query.status)),
    route(approveChangeRequest, ({ auth, params, body }) => service.approve(auth.accountId, params.id, body.reason)),
    route(rejectChangeRequest, ({ auth, params, body }) => service.reject(auth.accountId, params.id, body.reason)),
  ];
}
