import {
  adminCreateReseller,
  adminDeleteReseller,
  adminReseller,
  adminResellers,
  adminRotateResellerKey,
  adminUpdateReseller,
} from '@tollgate/contract/admin/resellers';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { resellerApiRoutes } from './reseller-api.routes';
import { resellerPanelRoutes } from './reseller-panel.routes';
import { resellerProgrammeRoutes } from './reseller-programme.routes';
import type { ResellerApiDeps } from './reseller-api.service';
import { createResellersService, type ResellersDeps } from './resellers.service';

/** Reseller accounts in the staff panel (Administrator only, as the contract declares). */
export function resellersRoutes(deps: ResellersDeps & ResellerApiDeps): RouteDefinition[] {
  const resellers = createResellersService(deps);
  return [
    route(adminResellers, ({ query }) => resellers.list(query)),
    route(adminReseller, ({ params }) => resellers.get(params.userId)),
    route(adminCreateReseller, ({ auth, body }) => resellers.create(auth, body)),
    route(adminUpdateReseller, ({ auth, params, body }) => resellers.update(auth, params.userId, body)),
    route(adminRotateResellerKey, ({ auth, params }) => resellers.rotateKey(auth, params.userId)),
    route(adminDeleteReseller, ({ auth, params, body }) => resellers.remove(auth, params.userId, body.reason)),
    ...resellerApiRoutes(deps),
    ...resellerProgrammeRoutes(deps),
    ...resellerPanelRoutes(deps),
  ];
}
