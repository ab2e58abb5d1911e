import type { Db } from '#platform/db/client.ts';
import type { AppModule } from '#platform/module.ts';
import { loyaltyRoutes } from './loyalty.routes';
import { createLoyaltyService, type LoyaltyService } from './loyalty.service';

/** Loyalty rewards (issue 16). Its service comes back too: a refund takes back what it earned. */
export function loyaltyModule(deps: { db: Db }): AppModule & { service: LoyaltyService } {
  const loyalty = createLoyaltyService(deps);
  return { routes: loyaltyRoutes(loyalty), service: loyalty };
}
