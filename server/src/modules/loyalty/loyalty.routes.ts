import { adminLoyaltyRewards, claimLoyaltyRewards, loyaltyRewards } from '@tollgate/contract/growth/loyalty';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import type { LoyaltyService } from './loyalty.service';

/** Loyalty rewards (issue 16): the customer's tiers and claim, and the staff's view of an account. */
export function loyaltyRoutes(loyalty: LoyaltyService): RouteDefinition[] {
  return [
    route(loyaltyRewards, ({ auth }) => loyalty.programme(auth.accountId)),
    route(claimLoyaltyRewards, ({ auth }) => loyalty.claim(auth.accountId)),
    route(adminLoyaltyRewards, ({ params, query }) => loyalty.forStaff(params.userId, query)),
  ];
}
