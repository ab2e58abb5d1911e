import { adminGifts, createGift, disableGift, giftRedemptions, redeemGift } from '@tollgate/contract/growth/gifts';
import type { Db } from '#platform/db/client.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createGiftsService, type GivePlan } from './gifts.service';

/** Gift management (issue 16): the Administrator's codes and who redeemed them, and the customer's redeem. */
export function giftsRoutes(deps: { db: Db; givePlan: GivePlan }): RouteDefinition[] {
  const gifts = createGiftsService(deps);
  return [
    route(adminGifts, ({ query }) => gifts.list(query)),
    route(createGift, ({ auth, body }) => gifts.create(auth.accountId, body)),
    route(disableGift, ({ auth, params }) => gifts.disable(auth.accountId, params.id)),
    route(giftRedemptions, ({ params, query }) => gifts.redemptions(params.id, query)),
    route(redeemGift, ({ auth, body }) => gifts.redeem(auth.accountId, body.code)),
  ];
}
