/**
 * The one pricing module (issue 4): quotes, purchases, renewals and invoices all call it, so a
 * customer is charged exactly what they were shown. Integer cents only; every division rounds
 * half up, exactly, with BigInt.
 */
import { MAX_DOLLARS, hasAtMostTwoDecimals } from '@tollgate/contract/http/money';
import { PLAN_PRICE, PLAN_TIERS, periodLines, type PriceLineCents } from './price-lines.ts';
import type { PricingUnit, Quote } from './quote.ts';

export class PricingError extends Error {}

export const SOLD_AS_ONE_PACKAGE = 'This plan is sold as one package';

/** From `units` (GB or threads) upward, each unit costs `unitPriceCents`. */
export interface PriceTier {
  min: number;
  unitPriceCents: number;
}

export interface PricedPlan {
  /** Price of the whole plan for its duration when it has no tiers (a fixed package). */
  priceCents: number;
  durationDays: number;
  tiers: PriceTier[];
  minDays: number;
  maxDays: number;
}

/** round(n / d) with halves going up, for non-negative integers, without floating point. */
export function roundDiv(n: number, d: number): number {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d) || n < 0 || d <= 0)
    throw new PricingError('Invalid amounts');
  const big = (2n * BigInt(n) + BigInt(d)) / (2n * BigInt(d));
  return Number(big);
}

/**
 * Tiers arrive as text (spec §3: bandwidthPrices and threadPrices are sent as text): a JSON list of
 * `{ "value": <from units>, "price": <dollars per unit> }`. Anything else is refused with a reason.
 */
export function parseTiers(text: string | null | undefined, label: string): PriceTier[] {
  if (text === null || text === undefined || text.trim() === '') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PricingError(`${label} must be a JSON list of {"value", "price"}`);
  }
  if (!Array.isArray(raw)) throw new PricingError(`${label} must be a JSON list of {"value", "price"}`);
  const tiers = raw.map((item, i) => {
    const { value, price } = (item ?? {}) as { value?: unknown; price?: unknown };
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new PricingError(`${label} item ${i + 1}: value must be a whole number of at least 1`);
    }
    if (
      typeof price !== 'number' ||
      !Number.isFinite(price) ||
      price < 0 ||
      price > MAX_DOLLARS ||
      !hasAtMostTwoDecimals(price)
    ) {
      throw new PricingError(`${label} item ${i + 1}: price must be dollars with at most two decimals`);
    }
    return { min: value, unitPriceCents: Math.round(price * 100) };
  });
  tiers.sort((a, b) => a.min - b.min);
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.min === tiers[i - 1]!.min) throw new PricingError(`${label}: two tiers start at ${tiers[i]!.min}`);
  }
  return tiers;
}

/** The tier for a quantity: the one with the largest start not above it. */
export function tierFor(tiers: PriceTier[], units: number): PriceTier {
  let chosen: PriceTier | null = null;
  for (const tier of tiers) if (tier.min <= units) chosen = tier;
  if (!chosen) throw new PricingError(`The minimum is ${tiers[0]?.min ?? 1}`);
  return chosen;
}

/** A percent off (up to two decimals, kept exact as basis points), rounded half up to the cent. */
export function discountOf(subtotalCents: number, discountPercent: number): number {
  if (!(discountPercent >= 0 && discountPercent <= 100))
    throw new PricingError('A discount is between 0 and 100 percent');
  return roundDiv(subtotalCents * Math.round(discountPercent * 100), 10_000);
}

export function quote(plan: PricedPlan, options: { units: number; days?: number; discountPercent?: number }): Quote {
  const { units } = options;
  const days = options.days ?? plan.durationDays;
  const discountPercent = options.discountPercent ?? 0;
  if (!Number.isInteger(units) || units < 1) throw new PricingError('Choose a whole number of at least 1');
  if (!Number.isInteger(days) || days < plan.minDays || days > plan.maxDays) {
    throw new PricingError(`Choose between ${plan.minDays} and ${plan.maxDays} days`);
  }
  if (!(discountPercent >= 0 && discountPercent <= 100))
    throw new PricingError('A discount is between 0 and 100 percent');

  const unitPriceCents = plan.tiers.length ? tierFor(plan.tiers, units).unitPriceCents : null;
  const periodCents = unitPriceCents === null ? plan.priceCents : units * unitPriceCents;
  // Prices are set for the plan's duration; other lengths pay for their share of it.
  // Past this the amount would not fit the cents columns (or is an attack): refuse it in words.
  if (!Number.isSafeInteger(periodCents * days) || periodCents > MAX_DOLLARS * 100)
    throw new PricingError('That is more than one order can buy');
  const subtotalCents = days === plan.durationDays ? periodCents : roundDiv(periodCents * days, plan.durationDays);
  const discountCents = discountOf(subtotalCents, discountPercent);
  return {
    units,
    days,
    unitPriceCents,
    subtotalCents,
    discountPercent,
    discountCents,
    totalCents: subtotalCents - discountCents,
  };
}

/** The columns of a plan that decide its price. */
export interface PlanPriceFields {
  priceCents: number;
  durationDays: number;
  minRenewDays: number;
  maxRenewDays: number;
  bandwidthPrices: string;
  threadPrices: string;
}

/**
 * How a plan is sold: bandwidth tiers win when it has both; a plan with neither is a fixed package.
 * Its own duration is always a valid length, whatever its renewal bounds say.
 */
export function pricedPlanOf(plan: PlanPriceFields): PricedPlan & { unit: PricingUnit } {
  const bandwidth = parseTiers(plan.bandwidthPrices, 'bandwidthPrices');
  const threads = bandwidth.length ? [] : parseTiers(plan.threadPrices, 'threadPrices');
  const unit: PricingUnit = bandwidth.length ? 'GB' : threads.length ? 'threads' : 'package';
  return {
    unit,
    priceCents: plan.priceCents,
    durationDays: plan.durationDays,
    tiers: bandwidth.length ? bandwidth : threads,
    minDays: Math.min(plan.minRenewDays, plan.durationDays),
    maxDays: Math.max(plan.maxRenewDays, plan.durationDays),
  };
}

/**
 * What buying a plan costs, and the one place that decides what a purchase accepts: the quote call
 * and the purchase both go through here, so a quote is never given for an order that would be refused.
 */
export function quotePurchase(
  plan: PricedPlan & { unit: PricingUnit },
  options: { units: number; days?: number | undefined; discountPercent?: number },
): Quote & { lines: PriceLineCents[] } {
  if (plan.unit === 'package' && options.units !== 1) throw new PricingError(SOLD_AS_ONE_PACKAGE);
  const q = quote(plan, {
    units: options.units,
    ...(options.days === undefined ? {} : { days: options.days }),
    ...(options.discountPercent === undefined ? {} : { discountPercent: options.discountPercent }),
  });
  return { ...q, lines: periodLines(plan, q, plan.unit === 'package' ? PLAN_PRICE : PLAN_TIERS) };
}
