import type { PlanType } from '@tollgate/contract/plans/plans';
import type { RenewBody } from '@tollgate/contract/subscriptions/subscriptions';
import {
  parseTiers,
  pricedPlanOf,
  PricingError,
  quote,
  roundDiv,
  type PlanPriceFields,
  type PriceTier,
  type PricingUnit,
} from '#platform/billing/pricing.ts';

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
}

const tiersFrom = (value: unknown, label: string): PriceTier[] =>
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
          : 'This plan is sold as a package: extend or renew it instead',
      );
    const days = checkDays(body.days ?? plan.durationDays);
    const threads = body.updatingType === 'extend' ? input.currentThreads : (body.threads ?? input.currentThreads);
    const key = RENEW_SETTINGS.threads[type];
    const tiers = (key && tiersFrom(settings.get(key), key)) || [];
    const q = quote(tiers.length ? { ...base, tiers } : base, { units: base.unit === 'package' ? 1 : threads, days });
    return {
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
  let subtotalCents = 0;
  if (wantsGb) {
    const key = RENEW_SETTINGS.bandwidth[type];
    const tiers = (key && tiersFrom(settings.get(key), key)) || [];
    // GB keep their per-unit price whatever the period: no proration by days.
    subtotalCents += quote(
      { ...base, tiers: tiers.length ? tiers : base.tiers },
      { units: body.bandwidth! },
    ).subtotalCents;
  }
  const days = wantsDays ? checkDays(body.days!) : 0;
  if (wantsDays) {
    const fixedKey = RENEW_SETTINGS.extend[days];
    const fixed = fixedKey ? dollarsSetting(settings.get(fixedKey), fixedKey) : null;
    const perDay = dollarsSetting(settings.get(RENEW_SETTINGS.extend[1]!), RENEW_SETTINGS.extend[1]!);
    if (fixed !== null) subtotalCents += fixed;
    else if (perDay !== null) subtotalCents += perDay * days;
    // Without extension prices, time costs its share of the plan's own package price.
    else subtotalCents += roundDiv(plan.priceCents * days, plan.durationDays);
  }
  const parts = [wantsGb ? `${body.bandwidth} GB` : null, wantsDays ? `${days} days` : null].filter(Boolean);
  return {
    updatingType: body.updatingType,
    unit: 'GB',
    units: wantsGb ? body.bandwidth! : 0,
    days,
    subtotalCents,
    description: `${body.updatingType === 'extend' ? 'Extension' : body.updatingType === 'bandwidth' ? 'Bandwidth top-up' : 'Renewal'}: ${parts.join(', ')}`,
  };
}
