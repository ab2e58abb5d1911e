import type { Plan, PlanType } from '@tollgate/contract/plans/plans';

/**
 * A plan's bandwidthPrices / threadPrices text is a JSON list of `{ "value", "price" }`: from
 * `value` units upward each unit costs `price` dollars. The server validates it; the web only reads
 * it to show prices, so anything unreadable counts as no tiers.
 */
export interface PriceTier {
  value: number;
  price: number;
}

export function readTiers(text: string): PriceTier[] {
  if (!text.trim()) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(
        (item): item is PriceTier =>
          typeof item?.value === 'number' && typeof item?.price === 'number' && Number.isFinite(item.price),
      )
      .map(({ value, price }) => ({ value, price }))
      .sort((a, b) => a.value - b.value);
  } catch {
    return [];
  }
}

export function writeTiers(tiers: readonly PriceTier[]): string {
  return tiers.length ? JSON.stringify(tiers.map(({ value, price }) => ({ value, price }))) : '';
}

export type SaleUnit = 'GB' | 'threads' | 'package';

export interface PlanSale {
  unit: SaleUnit;
  tiers: PriceTier[];
  /** The smallest amount on sale: the first tier's start, or 1 package. */
  minValue: number;
  /** The cheapest unit price (tiers) or the package price. */
  fromPrice: number;
}

/** How a plan is sold, as the server prices it: bandwidth tiers win, then thread tiers, else a package. */
export function saleOf(plan: Pick<Plan, 'bandwidthPrices' | 'threadPrices' | 'price'>): PlanSale {
  const bandwidth = readTiers(plan.bandwidthPrices);
  const threads = bandwidth.length ? [] : readTiers(plan.threadPrices);
  const tiers = bandwidth.length ? bandwidth : threads;
  if (!tiers.length) return { unit: 'package', tiers, minValue: 1, fromPrice: plan.price };
  return {
    unit: bandwidth.length ? 'GB' : 'threads',
    tiers,
    minValue: tiers[0]!.value,
    fromPrice: Math.min(...tiers.map((tier) => tier.price)),
  };
}

/** The days a plan can be bought for: its renewal bounds, always including its own duration. */
export function dayBounds(plan: Pick<Plan, 'minRenewDays' | 'maxRenewDays' | 'duration'>) {
  return { min: Math.min(plan.minRenewDays, plan.duration), max: Math.max(plan.maxRenewDays, plan.duration) };
}

export const PLAN_TYPE_LABELS: Record<PlanType, string> = {
  residential: 'Residential',
  mobile: 'Mobile',
  isp: 'ISP',
  datacenter: 'Datacenter',
  ipv6: 'IPv6',
};

export const UNIT_LABELS: Record<Exclude<SaleUnit, 'package'>, string> = { GB: 'GB', threads: 'thread' };
