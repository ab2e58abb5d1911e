import type { AppModule } from '#platform/module.ts';
import { checkoutRoutes } from './checkout.routes';

/** Buying, renewing, deposits, invoices and refunds (the payment webhooks are installed beside, in app.ts). */
export function checkoutModule(deps: Parameters<typeof checkoutRoutes>[0]): AppModule {
  return { routes: checkoutRoutes(deps) };
}
