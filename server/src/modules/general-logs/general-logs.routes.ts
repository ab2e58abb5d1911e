import { adminGeneralLogs, adminLogRetention, updateLogRetention } from '@tollgate/contract/admin/logs';
import type { Db } from '#platform/db/client.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createGeneralLogsService } from './general-logs.service';

/** General site logs (issue 14, ADR 028): Administrator only, as the contract declares. */
export function generalLogsRoutes({ db }: { db: Db }): RouteDefinition[] {
  const logs = createGeneralLogsService({ db });
  return [
    route(adminGeneralLogs, ({ query }) => logs.list(query)),
    route(adminLogRetention, () => logs.retention()),
    route(updateLogRetention, ({ auth, body }) => logs.updateRetention(auth.accountId, body)),
  ];
}
