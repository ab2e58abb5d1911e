import type { PlanType } from '@tollgate/contract/plans/plans';
import type { ResellerDashboard } from '@tollgate/contract/reseller/reseller-programme';

export type Unit = 'bandwidth' | 'threads';

/** IP products are sold per IP (threads), traffic products per GB (ADR 021). */
export const unitOf = (type: PlanType): Unit => (type === 'datacenter' || type === 'isp' ? 'threads' : 'bandwidth');

type Prices = ResellerDashboard['prices'];

/** Whether the member's terms offer this product at all (an empty price means not offered, ADR 021). */
export function offered(prices: Prices, type: PlanType): boolean {
  switch (type) {
    case 'residential':
      return prices.resiprice !== null;
    case 'mobile':
      return prices.mobileprice !== null;
    case 'datacenter':
      return [prices.dataprice1, prices.dataprice7, prices.dataprice30].some((price) => price !== null);
    case 'isp':
      return prices.ispprice !== null;
    default:
      return true;
  }
}

export type Estimate =
  | { kind: 'total'; total: number; poolGb: number; detail: string }
  | { kind: 'discount'; detail: string }
  | { kind: 'refused'; detail: string };

const money = (value: number) => `$${value.toFixed(2)}`;

/**
 * What an order will cost by the member's prices, as the server charges them (ADR 021): residential
 * takes the prepaid pool first, datacenter is sold for 1, 7 or 30 days, ISP in whole 30-day
 * periods, and anything without an own price is the catalogue less `value` %. A guide only: the
 * server prices the order itself.
 */
export function estimate(
  terms: { prices: Prices; gbvalue: number },
  order: { type: PlanType; units: number; days: number },
): Estimate {
  const { prices } = terms;
  const { units, days } = order;
  switch (order.type) {
    case 'residential': {
      if (prices.resiprice === null) return { kind: 'refused', detail: 'Residential is not in your reseller terms.' };
      const poolGb = Math.min(units, terms.gbvalue);
      const charged = units - poolGb;
      const detail =
        poolGb > 0
          ? `${poolGb} GB from your prepaid pool, ${charged} GB × ${money(prices.resiprice)}`
          : `${units} GB × ${money(prices.resiprice)}`;
      return { kind: 'total', total: charged * prices.resiprice, poolGb, detail };
    }
    case 'mobile':
      if (prices.mobileprice === null) return { kind: 'refused', detail: 'Mobile is not in your reseller terms.' };
      return {
        kind: 'total',
        total: units * prices.mobileprice,
        poolGb: 0,
        detail: `${units} GB × ${money(prices.mobileprice)}`,
      };
    case 'datacenter': {
      const byDays: Record<number, number | null> = {
        1: prices.dataprice1,
        7: prices.dataprice7,
        30: prices.dataprice30,
      };
      const price = byDays[days];
      if (price === undefined || price === null)
        return { kind: 'refused', detail: 'Datacenter is sold for 1, 7 or 30 days, at the periods your terms price.' };
      return {
        kind: 'total',
        total: units * price,
        poolGb: 0,
        detail: `${units} IPs × ${money(price)} for ${days} days`,
      };
    }
    case 'isp': {
      if (prices.ispprice === null) return { kind: 'refused', detail: 'ISP is not in your reseller terms.' };
      if (days % 30 !== 0) return { kind: 'refused', detail: 'ISP is sold in whole 30-day periods.' };
      const periods = days / 30;
      return {
        kind: 'total',
        total: units * prices.ispprice * periods,
        poolGb: 0,
        detail: `${units} IPs × ${money(prices.ispprice)} × ${periods} × 30 days`,
      };
    }
    default:
      return { kind: 'discount', detail: `The catalogue price less your ${prices.value} % reseller discount.` };
  }
}

/** What ending a plan gives back, by product (ADR 041), said before and after the deletion. */
export function returnRule(type: PlanType): string {
  if (type === 'residential') return 'Its unused GB go back to your prepaid pool.';
  if (type === 'mobile') return 'Its unused GB are refunded to your balance at the price you paid per GB.';
  return 'IP plans return nothing: no GB and no money come back.';
}
