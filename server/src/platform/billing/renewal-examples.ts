import type { PlanType } from '@tollgate/contract/plans/plans';
import type { RenewBody } from '@tollgate/contract/subscriptions/subscriptions';
import type { PriceLineCents } from './price-lines.ts';
import { pricedPlanOf, PricingError, type PlanPriceFields } from './pricing.ts';
import { priceRenewal, RENEW_SETTINGS, tiersFrom } from './renew-pricing.ts';

export interface RenewalExampleCents {
  label: string;
  lines: PriceLineCents[];
  subtotalCents: number;
}

/** The usual lengths a customer adds, plus the plan's own duration. */
const USUAL_DAYS = [1, 7, 30, 60];

/**
 * What renewing this plan will cost, for the purchase page ("what more days and GB cost later") and
 * for the staff plan editor, priced by `priceRenewal` itself so the preview cannot drift from the
 * charge. An example the rules refuse (below a renewal table's minimum) is left out.
 */
export function renewalExamples(input: {
  plan: PlanPriceFields & { threads: number };
  type: PlanType;
  settings: Map<string, unknown>;
}): RenewalExampleCents[] {
  const { plan, type, settings } = input;
  const base = pricedPlanOf(plan);
  const days = [...new Set([...USUAL_DAYS, plan.durationDays])]
    .filter((d) => d >= base.minDays && d <= base.maxDays)
    .sort((a, b) => a - b);
  const threads = Math.max(plan.threads, base.unit === 'threads' ? (base.tiers[0]?.min ?? 1) : 1);
  const wanted: Array<{ label: string; body: Pick<RenewBody, 'updatingType' | 'bandwidth' | 'threads' | 'days'> }> = [];
  if (base.unit === 'GB') {
    const key = RENEW_SETTINGS.bandwidth[type];
    // A renewal table's tier starts are where the per-GB price changes: show one example at each.
    const starts = new Set([1]);
    const renewal = key ? tiersFrom(settings.get(key), key) : [];
    for (const tier of renewal.length ? renewal : base.tiers) starts.add(tier.min);
    for (const gb of [...starts].sort((a, b) => a - b).slice(0, 4))
      wanted.push({ label: `Add ${gb} GB`, body: { updatingType: 'bandwidth', bandwidth: gb } });
    for (const d of days)
      wanted.push({ label: `Add ${d} ${d === 1 ? 'day' : 'days'}`, body: { updatingType: 'extend', days: d } });
  } else {
    if (base.unit === 'threads')
      wanted.push({
        label: `Renew ${plan.durationDays} days with ${threads} threads`,
        body: { updatingType: 'renew', threads, days: plan.durationDays },
      });
    for (const d of days)
      wanted.push({ label: `Add ${d} ${d === 1 ? 'day' : 'days'}`, body: { updatingType: 'extend', days: d } });
  }
  const examples: RenewalExampleCents[] = [];
  for (const { label, body } of wanted) {
    try {
      const price = priceRenewal({ plan, type, currentThreads: threads, settings, body });
      examples.push({ label, lines: price.lines, subtotalCents: price.subtotalCents });
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
    }
  }
  return examples;
}
