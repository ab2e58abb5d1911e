import type { CataloguePlan } from '@tollgate/contract/plans/catalogue';
import type { PublicType } from '@tollgate/contract/plans/plans';
import { toDollars } from '@tollgate/contract/http/money';
import { pricedPlanOf, PricingError } from '#platform/billing/pricing.ts';
import type { Db } from '#platform/db/client.ts';
import { notFound } from '#platform/http/errors.ts';
import { publicTypes, type TypesConfigReader } from '#platform/products/types-config.ts';
import type { PlansService } from './plans.service';
import { plansRepository } from './plans.repository';
import type { PlanRow } from './plans.schema';

/**
 * The storefront before sign-in: the plans on sale and their prices, from the same pricing
 * module and the same quote the purchase uses, so a visitor is shown what a customer pays.
 */
export function createCatalogueService({
  db,
  plans,
  typesConfig,
}: {
  db: Db;
  plans: Pick<PlansService, 'quote'>;
  typesConfig: TypesConfigReader;
}) {
  return {
    async list(): Promise<{ plans: CataloguePlan[]; types: PublicType[] }> {
      const [rows, types] = await Promise.all([plansRepository.onSale(db, { trial: false }), typesConfig()]);
      return {
        plans: rows.filter((row) => types[row.type].enabled).flatMap((row) => toCataloguePlan(row) ?? []),
        types: publicTypes(types),
      };
    },

    /** Trial plans are not for sale to visitors, so they are priced like unknown ones. */
    async quote(planId: string, units: number, days: number | undefined) {
      const row = await plansRepository.find(db, planId, { onSaleOnly: true });
      if (!row || row.trial) throw notFound('No such plan');
      return plans.quote(planId, units, { days, accountId: null, paymentMethod: 'balance' });
    },
  };
}

/** A plan whose stored tiers do not parse (staff cannot save one) is left out rather than break the page. */
function toCataloguePlan(row: PlanRow): CataloguePlan | null {
  let priced: ReturnType<typeof pricedPlanOf>;
  try {
    priced = pricedPlanOf(row);
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    residentialType: row.residentialType,
    unit: priced.unit,
    price: priced.unit === 'package' ? toDollars(row.priceCents) : 0,
    duration: row.durationDays,
    minDays: priced.minDays,
    maxDays: priced.maxDays,
    bandwidth: row.bandwidthGb,
    threads: row.threads,
    throughput: row.throughputMbps,
    tiers: priced.tiers.map((t) => ({ from: t.min, unitPrice: toDollars(t.unitPriceCents) })),
    minUnits: priced.tiers[0]?.min ?? 1,
    serverGeo: row.serverGeo,
  };
}
