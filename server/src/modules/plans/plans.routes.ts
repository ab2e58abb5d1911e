import {
  adminPlan,
  adminPlans,
  createPlan,
  customPlanPrices,
  deletePlan,
  hidePlan,
  planQuote,
  planRenewalPreview,
  publicPlans,
  supportHidePlan,
  supportPlans,
  trialPlans,
  updatePlan,
} from '@tollgate/contract/plans/plans';
import {
  adminCoupon,
  adminCoupons,
  createCoupon,
  deleteCoupon,
  myCoupons,
  updateCoupon,
} from '@tollgate/contract/plans/coupons';
import { catalogue, catalogueQuote } from '@tollgate/contract/plans/catalogue';
import type { Db } from '#platform/db/client.ts';
import type { TypesConfigReader } from '#platform/products/types-config.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createCatalogueService } from './catalogue.service';
import { createCouponsService } from './coupons.service';
import { createPlansService } from './plans.service';

/** The plan catalogue and its coupons: staff manage them, customers browse and price with them. */
export function plansRoutes({
  db,
  changes,
  typesConfig,
}: {
  db: Db;
  changes: Parameters<typeof createPlansService>[0]['changes'];
  typesConfig: TypesConfigReader;
}): RouteDefinition[] {
  const coupons = createCouponsService({ db });
  const plans = createPlansService({ db, coupons, changes, typesConfig });
  const storefront = createCatalogueService({ db, plans, typesConfig });
  return [
    route(catalogue, () => storefront.list()),
    route(catalogueQuote, ({ params, query }) => storefront.quote(params.planId, params.value, query.days)),
    route(adminPlans, ({ query }) => plans.list(query)),
    route(createPlan, ({ auth, body }) => plans.create(auth.accountId, body)),
    route(adminPlan, ({ params }) => plans.get(params.planId)),
    route(updatePlan, ({ auth, params, body }) => plans.update(auth.accountId, params.planId, body)),
    route(deletePlan, ({ auth, params }) => plans.remove(auth.accountId, params.planId)),
    route(hidePlan, ({ auth, params, body }) => plans.setVisibility(auth.accountId, body.id, params.value === 'show')),
    route(supportHidePlan, ({ auth, params, body }) =>
      plans.setVisibility(auth.accountId, body.id, params.value === 'show'),
    ),
    route(supportPlans, ({ query }) => plans.list(query)),
    route(publicPlans, () => plans.onSale()),
    route(trialPlans, () => plans.trials()),
    route(customPlanPrices, () => plans.customPrices()),
    route(planQuote, ({ auth, params, query }) =>
      plans.quote(params.planId, params.value, { ...query, accountId: auth.accountId }),
    ),
    route(planRenewalPreview, ({ body }) => plans.renewalPreview(body)),
    route(adminCoupons, ({ query }) => coupons.list(query)),
    route(createCoupon, ({ auth, body }) => coupons.create(auth.accountId, body)),
    route(adminCoupon, ({ params }) => coupons.get(params.couponId)),
    route(updateCoupon, ({ auth, params, body }) => coupons.update(auth.accountId, params.couponId, body)),
    route(deleteCoupon, ({ auth, params }) => coupons.remove(auth.accountId, params.couponId)),
    route(myCoupons, ({ auth }) => coupons.usableBy(auth.accountId)),
  ];
}
