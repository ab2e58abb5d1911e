import type { AppModule } from '#platform/module.ts';
import { suggestionsRoutes } from './suggestions.routes';

/** The suggestion box (spec §7): customers send, staff read. */
export function suggestionsModule(deps: Parameters<typeof suggestionsRoutes>[0]): AppModule {
  return { routes: suggestionsRoutes(deps) };
}
