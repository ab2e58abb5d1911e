import {
  adminPackages,
  adminTypesConfig,
  testProductApi,
  updateProductApi,
  updateTypeConfig,
} from '@tollgate/contract/admin/products';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createProductApiService, type ProductApiDeps } from './product-api.service';
import { createTypesConfigService } from './types-config.service';

/** Spec §2 /admin/productmanage and /admin/productapi (ADR 031). */
export function productsRoutes(deps: ProductApiDeps & { upstreamConfigured: () => boolean }): RouteDefinition[] {
  const types = createTypesConfigService({ db: deps.db, upstreamConfigured: deps.upstreamConfigured });
  const api = createProductApiService(deps);
  return [
    route(adminTypesConfig, () => types.summary()),
    route(updateTypeConfig, ({ auth, params, body }) => types.update(auth.accountId, params.type, body)),
    route(adminPackages, () => api.packages()),
    route(updateProductApi, ({ auth, body }) => api.update(auth.accountId, body)),
    route(testProductApi, ({ body }) => api.test(body)),
  ];
}
