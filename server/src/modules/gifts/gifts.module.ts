import type { AppModule } from '#platform/module.ts';
import { giftsRoutes } from './gifts.routes';

/** Gift codes (issue 16): the Administrator's codes and the customer's redeem. */
export function giftsModule(deps: Parameters<typeof giftsRoutes>[0]): AppModule {
  return { routes: giftsRoutes(deps) };
}
