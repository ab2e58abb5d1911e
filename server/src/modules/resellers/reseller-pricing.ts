import type { PlanType } from '@tollgate/contract/plans/plans';
import { PRODUCT_NOT_OFFERED } from '@tollgate/contract/reseller/reseller-api';
import type { PriceLineCents } from '#platform/billing/price-lines.ts';
import { badRequest } from '#platform/http/errors.ts';
import type { StoredTerms } from './resellers.repository';

export const DATACENTER_DAYS = 'days: datacenter is sold to resellers for 1, 7 or 30 days';
export const ISP_DAYS = 'days: ISP is sold to resellers in whole 30-day periods';

export interface ResaleOrder {
  planType: PlanType;
  units: number;
  days: number;
  catalogueCents: number;
  /** Residential GB already taken from the reseller's prepaid pool for this order. */
  poolGb: number;
}

const line = (label: string, quantity: number, unitPriceCents: number, note: string | null): PriceLineCents => ({
  label,
  quantity,
  per: 'GB',
  unitPriceCents,
  amountCents: quantity * unitPriceCents,
  source: 'reseller-price',
  table: 'reseller_terms',
  note,
});

const offered = (cents: number | null): number => {
  if (cents === null) throw badRequest(PRODUCT_NOT_OFFERED);
  return cents;
};

/**
 * What a reseller pays for an order, exactly as ADR 021 defines the extras: $/GB for residential
 * (after the prepaid pool) and mobile, $/IP per period for datacenter (1, 7, 30 days only) and ISP
 * (whole 30-day periods), and `value` % off the catalogue for anything without an own price. A
 * price left empty means the product is not offered: 400, and `value` does not bring it back.
 */
export function resalePrice(terms: StoredTerms, order: ResaleOrder): { totalCents: number; lines: PriceLineCents[] } {
  switch (order.planType) {
    case 'residential': {
      const price = offered(terms.resiPriceCents);
      const charged = order.units - order.poolGb;
      const lines = [
        ...(order.poolGb > 0 ? [{ ...line('Prepaid pool GB', order.poolGb, 0, 'Taken from your prepaid GB') }] : []),
        ...(charged > 0 ? [line('Residential GB, reseller price', charged, price, null)] : []),
      ];
      return { totalCents: charged * price, lines };
    }
    case 'mobile': {
      const price = offered(terms.mobilePriceCents);
      return { totalCents: order.units * price, lines: [line('Mobile GB, reseller price', order.units, price, null)] };
    }
    case 'datacenter': {
      const byDays = { 1: terms.dataPrice1Cents, 7: terms.dataPrice7Cents, 30: terms.dataPrice30Cents } as const;
      if (!(order.days in byDays)) {
        // Not offered at all comes first: a reseller without datacenter prices learns that, not the periods.
        if (Object.values(byDays).every((p) => p === null)) throw badRequest(PRODUCT_NOT_OFFERED);
        throw badRequest(DATACENTER_DAYS);
      }
      const price = offered(byDays[order.days as 1 | 7 | 30]);
      const l = {
        ...line(`Datacenter IP, ${order.days} days, reseller price`, order.units, price, null),
        per: 'thread' as const,
      };
      return { totalCents: order.units * price, lines: [l] };
    }
    case 'isp': {
      const price = offered(terms.ispPriceCents);
      if (order.days % 30 !== 0) throw badRequest(ISP_DAYS);
      const periods = order.days / 30;
      const unit = price * periods;
      const l = {
        ...line(`ISP IP, ${periods} x 30 days, reseller price`, order.units, unit, null),
        per: 'thread' as const,
      };
      return { totalCents: order.units * unit, lines: [l] };
    }
    default:
      // IPv6 and any family added later: the catalogue price less the reseller's percentage.
      return lessValue(terms, order.catalogueCents);
  }
}

/** The catalogue (or renewal table) price less the reseller's `value` percentage (ADR 021). */
function lessValue(terms: StoredTerms, catalogueCents: number) {
  const totalCents = Math.round((catalogueCents * (10_000 - terms.valueBps)) / 10_000);
  const only: PriceLineCents = {
    label: `Catalogue price less ${terms.valueBps / 100} %`,
    quantity: 1,
    per: 'package',
    unitPriceCents: totalCents,
    amountCents: totalCents,
    source: 'reseller-price',
    table: 'reseller_terms',
    note: null,
  };
  return { totalCents, lines: [only] };
}

/**
 * Extending a plan by days (ADR 041): IP products by their own period prices (datacenter 1/7/30
 * days, ISP whole 30-day periods, per IP the plan holds); GB products have no time price of their
 * own, so their extension is the renewal table's price less `value` %, as ADR 021 prices any
 * product without an own price.
 */
export function extensionPrice(
  terms: StoredTerms,
  change: { planType: PlanType; threads: number; days: number; catalogueCents: number },
) {
  if (change.planType === 'datacenter' || change.planType === 'isp')
    return resalePrice(terms, { ...change, units: change.threads, poolGb: 0 });
  return lessValue(terms, change.catalogueCents);
}

/** Whether a reseller's terms offer a product at all (ADR 021: an empty price means not offered; the rest by `value`). */
export function offersProduct(terms: StoredTerms, type: PlanType): boolean {
  switch (type) {
    case 'residential':
      return terms.resiPriceCents !== null;
    case 'mobile':
      return terms.mobilePriceCents !== null;
    case 'datacenter':
      return [terms.dataPrice1Cents, terms.dataPrice7Cents, terms.dataPrice30Cents].some((cents) => cents !== null);
    case 'isp':
      return terms.ispPriceCents !== null;
    default:
      return true;
  }
}
