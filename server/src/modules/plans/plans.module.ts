import type { AppModule } from '#platform/module.ts';
import { plansRoutes } from './plans.routes';

/** The plan catalogue and its coupons: staff manage them, customers browse and price with them. */
export function plansModule(deps: Parameters<typeof plansRoutes>[0]): AppModule {
  return { routes: plansRoutes(deps) };
}
