import type { PlanType } from '@tollgate/contract/plans/plans';
import type { RenewBody } from '@tollgate/contract/subscriptions/subscriptions';
import {
  PLAN_PRICE,
  PLAN_TIERS,
  periodLines,
  sumOf,
  usd,
  type PriceLineCents,
  type PriceOrigin,
} from './price-lines.ts';
import {
  parseTiers,
  pricedPlanOf,
  PricingError,
  quote,
  roundDiv,
  SOLD_AS_ONE_PACKAGE,
  tierFor,
  type PlanPriceFields,
  type PriceTier,
} from './pricing.ts';
import type { PricingUnit } from './quote.ts';

/** Spec §3 Settings price tables for renewals, by plan type; the plan's own tiers when unset. */
export const RENEW_SETTINGS = {
  bandwidth: {
    residential: 'RenewResiBandwidthPrices',
    mobile: 'RenewMobileBandwidthPrices',
    ipv6: 'RenewIPv6BandwidthPrices',
  } as Partial<Record<PlanType, string>>,
  threads: { isp: 'RenewISPPrices', ipv6: 'RenewNEWIPv6Prices' } as Partial<Record<PlanType, string>>,
  /** Fixed prices for the usual extensions of bandwidth plans, in dollars. */
  extend: {
    1: 'ResidentialExtendBySingleDayPrice',
    7: 'ResidentialExtendByOneWeekPrice',
    30: 'ResidentialExtendByMonthPrice',
    60: 'ResidentialExtendByTwoMonthPrice',
  } as Record<number, string>,
} as const;
export const RENEW_SETTING_KEYS = [
  ...Object.values(RENEW_SETTINGS.bandwidth),
  ...Object.values(RENEW_SETTINGS.threads),
  ...Object.values(RENEW_SETTINGS.extend),
] as string[];

export interface RenewalPrice {
  updatingType: RenewBody['updatingType'];
  unit: PricingUnit;
  /** GB added (bandwidth plans) or threads for the new period (thread plans); 0 for a plain extension. */
  units: number;
  days: number;
  subtotalCents: number;
  description: string;
  /** Each charge with the table it came from; they add up to `subtotalCents`. */
  lines: PriceLineCents[];
}

export const tiersFrom = (value: unknown, label: string): PriceTier[] =>
  value === undefined || value === null
    ? []
    : parseTiers(typeof value === 'string' ? value : JSON.stringify(value), label);

function dollarsSetting(value: unknown, label: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0) throw new PricingError(`${label} must be a price in dollars`);
  return Math.round(n * 100);
}

/**
 * The price of renewing, extending or topping up a subscription, from the same pricing module as
 * purchases. Bandwidth plans buy GB and days separately; thread plans buy a new period of threads.
 */
export function priceRenewal(input: {
  plan: PlanPriceFields;
  type: PlanType;
  currentThreads: number;
  settings: Map<string, unknown>;
  body: Pick<RenewBody, 'updatingType' | 'bandwidth' | 'threads' | 'days'>;
}): RenewalPrice {
  const { plan, type, settings, body } = input;
  const base = pricedPlanOf(plan);
  const checkDays = (days: number) => {
    if (!Number.isInteger(days) || days < base.minDays || days > base.maxDays)
      throw new PricingError(`Choose between ${base.minDays} and ${base.maxDays} days`);
    return days;
  };

  if (base.unit === 'threads' || base.unit === 'package') {
    if (body.updatingType === 'bandwidth')
      throw new PricingError(
        base.unit === 'threads'
          ? 'This plan is sold by threads, not bandwidth'
          : `${SOLD_AS_ONE_PACKAGE}: extend or renew it instead`,
      );
    const days = checkDays(body.days ?? plan.durationDays);
    const threads = body.updatingType === 'extend' ? input.currentThreads : (body.threads ?? input.currentThreads);
    const key = RENEW_SETTINGS.threads[type];
    const tiers = (base.unit === 'threads' && key && tiersFrom(settings.get(key), key)) || [];
    const q = quote(tiers.length ? { ...base, tiers } : base, { units: base.unit === 'package' ? 1 : threads, days });
    const origin: PriceOrigin = tiers.length
      ? { source: 'renewal-tiers', table: key! }
      : base.unit === 'package'
        ? PLAN_PRICE
        : PLAN_TIERS;
    return {
      lines: periodLines(base, q, origin),
      updatingType: body.updatingType,
      unit: base.unit,
      units: base.unit === 'package' ? 1 : threads,
      days,
      subtotalCents: q.subtotalCents,
      description: `${body.updatingType === 'extend' ? 'Extension' : 'Renewal'}: ${days} days${base.unit === 'threads' ? `, ${threads} threads` : ''}`,
    };
  }

  // Bandwidth plans.
  const wantsGb = body.updatingType !== 'extend';
  const wantsDays = body.updatingType !== 'bandwidth';
  if (wantsGb && !body.bandwidth) throw new PricingError('Choose how many GB to add');
  if (wantsDays && !body.days) throw new PricingError('Choose how many days to add');
  const lines: PriceLineCents[] = [];
  if (wantsGb) lines.push(addOnGbLine(base.tiers, RENEW_SETTINGS.bandwidth[type], settings, body.bandwidth!));
  const days = wantsDays ? checkDays(body.days!) : 0;
  if (wantsDays) lines.push(timeLine(plan, settings, days));
  const subtotalCents = sumOf(lines);
  const parts = [wantsGb ? `${body.bandwidth} GB` : null, wantsDays ? `${days} days` : null].filter(Boolean);
  return {
    updatingType: body.updatingType,
    unit: 'GB',
    units: wantsGb ? body.bandwidth! : 0,
    days,
    subtotalCents,
    description: `${body.updatingType === 'extend' ? 'Extension' : body.updatingType === 'bandwidth' ? 'Bandwidth top-up' : 'Renewal'}: ${parts.join(', ')}`,
    lines,
  };
}

/**
 * GB added to a bandwidth plan: the renewal table when the operator set one, else the plan's own
 * tiers. GB keep their per-unit price whatever the period: no proration by days.
 */
function addOnGbLine(
  planTiers: PriceTier[],
  key: string | undefined,
  settings: Map<string, unknown>,
  gb: number,
): PriceLineCents {
  const renewalTiers = (key && tiersFrom(settings.get(key), key)) || [];
  const tiers = renewalTiers.length ? renewalTiers : planTiers;
  const unitPriceCents = tierFor(tiers, gb).unitPriceCents;
  const amountCents = quote(
    { priceCents: 0, durationDays: 1, minDays: 1, maxDays: 1, tiers },
    { units: gb },
  ).subtotalCents;
  const atPurchase = planTiers.length ? tierFor(planTiers, Math.max(gb, planTiers[0]!.min)).unitPriceCents : null;
  const differs = renewalTiers.length && atPurchase !== null && atPurchase !== unitPriceCents;
  return {
    label: `${gb.toLocaleString('en-US')} GB added`,
    quantity: gb,
    per: 'GB',
    unitPriceCents,
    amountCents,
    ...(renewalTiers.length ? { source: 'renewal-tiers', table: key! } : PLAN_TIERS),
    note: differs
      ? `Added GB use the shop's renewal price; a new plan's GB cost ${usd(atPurchase)}/GB at this amount`
      : 'Added GB keep the plan’s end date and cost the same whatever days are left',
  };
}

/**
 * More days for a bandwidth plan. A purchase includes its first period in the GB price; after that
 * time is sold on its own: a fixed price for 1, 7, 30 or 60 days, else the day price, else the
 * days' share of the plan's package price.
 */
function timeLine(plan: PlanPriceFields, settings: Map<string, unknown>, days: number): PriceLineCents {
  const label = `${days.toLocaleString('en-US')} more ${days === 1 ? 'day' : 'days'}`;
  const why = `A new plan includes its first ${plan.durationDays} days in the GB price; more time is priced on its own`;
  const fixedKey = RENEW_SETTINGS.extend[days];
  const fixed = fixedKey ? dollarsSetting(settings.get(fixedKey), fixedKey) : null;
  if (fixed !== null) {
    const base = { label, quantity: 1, per: 'period', unitPriceCents: fixed, amountCents: fixed } as const;
    return { ...base, source: 'extension-price', table: fixedKey!, note: why };
  }
  const dayKey = RENEW_SETTINGS.extend[1]!;
  const perDay = dollarsSetting(settings.get(dayKey), dayKey);
  if (perDay !== null) {
    const amountCents = perDay * days;
    const base = { label, quantity: days, per: 'day', unitPriceCents: perDay, amountCents } as const;
    return { ...base, source: 'extension-per-day', table: dayKey, note: why };
  }
  const amountCents = roundDiv(plan.priceCents * days, plan.durationDays);
  return {
    label,
    quantity: 1,
    per: 'period',
    unitPriceCents: plan.priceCents,
    amountCents,
    ...PLAN_PRICE,
    note: `${days}/${plan.durationDays} of the plan's ${usd(plan.priceCents)} price for ${plan.durationDays} days`,
  };
}
