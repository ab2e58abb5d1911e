import type { AppModule } from '#platform/module.ts';
import { productsRoutes } from './products.routes';

/** How each proxy type is sold and which upstream delivers it (spec §2 productmanage, productapi; ADR 031). */
export function productsModule(deps: Parameters<typeof productsRoutes>[0]): AppModule {
  return { routes: productsRoutes(deps) };
}
