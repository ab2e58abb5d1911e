import type { AppModule } from '#platform/module.ts';
import { statisticsRoutes } from './statistics.routes';

/** The staff statistics pages. */
export function statisticsModule(deps: Parameters<typeof statisticsRoutes>[0]): AppModule {
  return { routes: statisticsRoutes(deps) };
}
