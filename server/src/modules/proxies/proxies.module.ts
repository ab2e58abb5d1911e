import type { Sealer } from '#platform/auth/sealed.ts';
import type { EnvConnection } from '#platform/products/upstream-connection.ts';
import type { AppModule } from '#platform/module.ts';
import { proxiesJobs } from './proxies.jobs';
import { proxiesRoutes } from './proxies.routes';

/** Proxy lists, whitelists and the customer and reseller proxy APIs, and the upstream delivery job. */
export function proxiesModule(
  deps: Parameters<typeof proxiesRoutes>[0] & { upstreamSealer: Sealer; env: EnvConnection },
): AppModule {
  const { upstreamSealer, env, ...routeDeps } = deps;
  return { routes: proxiesRoutes(routeDeps), jobs: proxiesJobs({ db: deps.db, sealer: upstreamSealer, env }) };
}
