import type { CataloguePlan } from '@tollgate/contract/plans/catalogue';
import { formatBalance, formatNumber } from '#lib/format.ts';

export const TYPE_LABELS: Record<CataloguePlan['type'], string> = {
  residential: 'Residential',
  mobile: 'Mobile',
  isp: 'ISP',
  datacenter: 'Datacenter',
  ipv6: 'IPv6',
};

/** `GB` / `thread` / `package`, for "per …" and amounts. */
export function unitName(plan: Pick<CataloguePlan, 'unit'>, amount = 1): string {
  if (plan.unit === 'GB') return 'GB';
  if (plan.unit === 'threads') return amount === 1 ? 'thread' : 'threads';
  return amount === 1 ? 'package' : 'packages';
}

export const days = (n: number) => `${formatNumber(n)} ${n === 1 ? 'day' : 'days'}`;

/** The headline price: the cheapest tier ("from"), or the package price. */
export function headline(plan: CataloguePlan): { amount: string; per: string } {
  if (plan.unit === 'package') return { amount: formatBalance(plan.price), per: `for ${days(plan.duration)}` };
  const cheapest = Math.min(...plan.tiers.map((t) => t.unitPrice));
  return { amount: formatBalance(cheapest), per: `per ${unitName(plan)} · ${days(plan.duration)}` };
}

/** "1–9 GB", "10+ GB" for each tier. */
export function tierRanges(plan: CataloguePlan): Array<{ range: string; price: string }> {
  return plan.tiers.map((tier, i) => {
    const next = plan.tiers[i + 1];
    const unit = plan.unit === 'GB' ? 'GB' : 'threads';
    const range = next
      ? `${formatNumber(tier.from)}–${formatNumber(next.from - 1)} ${unit}`
      : `${formatNumber(tier.from)}+ ${unit}`;
    return { range, price: `${formatBalance(tier.unitPrice)} / ${unitName(plan)}` };
  });
}

/** How a length other than the plan's own is priced (pricing module: the period price times days / duration). */
export function lengthRule(plan: CataloguePlan): string {
  if (plan.minDays === plan.maxDays) return `Sold for ${days(plan.duration)}.`;
  return `Prices cover ${days(plan.duration)}; any length from ${days(plan.minDays)} to ${days(plan.maxDays)} costs its share of that.`;
}
