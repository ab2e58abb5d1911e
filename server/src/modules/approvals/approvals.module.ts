import type { AppModule } from '#platform/module.ts';
import { changeRequestsRoutes } from './change-requests.routes';

/** Staff changes above a Manager's limits, waiting for an Administrator (change requests). */
export function approvalsModule(deps: Parameters<typeof changeRequestsRoutes>[0]): AppModule {
  return { routes: changeRequestsRoutes(deps) };
}
