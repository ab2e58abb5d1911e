import type { AppModule } from '#platform/module.ts';
import { resellersRoutes } from './resellers.routes';

/** Reseller accounts, the reseller API and its programme (ADR 021, 041, 042). */
export function resellersModule(deps: Parameters<typeof resellersRoutes>[0]): AppModule {
  return { routes: resellersRoutes(deps) };
}
