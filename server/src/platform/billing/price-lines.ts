/**
 * The breakdown of a price (ADR 016): each charge with its quantity, unit price and the table it
 * came from, built beside the arithmetic so what a screen or an invoice explains is what was charged.
 */
import type { PriceLine, PriceSource } from '@tollgate/contract/checkout/price-lines';
import { toDollars } from '@tollgate/contract/http/money';
import type { PricingUnit, Quote } from './quote.ts';

export interface PriceLineCents {
  label: string;
  quantity: number;
  per: PriceLine['per'];
  unitPriceCents: number;
  amountCents: number;
  source: PriceSource;
  table: string;
  note: string | null;
}

/** Where a line's price comes from: its kind and the table by name ("plan" or a settings key). */
export interface PriceOrigin {
  source: PriceSource;
  table: string;
}
export const PLAN_TIERS: PriceOrigin = { source: 'plan-tiers', table: 'plan' };
export const PLAN_PRICE: PriceOrigin = { source: 'plan-price', table: 'plan' };

export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const toPriceLine = (line: PriceLineCents): PriceLine => {
  const { unitPriceCents, amountCents, ...rest } = line;
  return { ...rest, unitPrice: toDollars(unitPriceCents), amount: toDollars(amountCents) };
};

export const sumOf = (lines: PriceLineCents[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);

/**
 * A period bought from a plan's prices (a purchase, or a renewal of a thread or package plan): the
 * GB, threads or package, then the days they come with. A shorter or longer period than the plan's
 * duration pays its share, and the note says so.
 */
export function periodLines(
  plan: { unit: PricingUnit; durationDays: number; priceCents: number },
  q: Pick<Quote, 'units' | 'days' | 'unitPriceCents' | 'subtotalCents'>,
  origin: PriceOrigin,
): PriceLineCents[] {
  const share =
    q.days === plan.durationDays
      ? null
      : `${q.days} of ${plan.durationDays} days: ${q.days}/${plan.durationDays} of the price`;
  if (plan.unit === 'package' || q.unitPriceCents === null) {
    return [
      {
        label: `Package, ${plural(q.days, 'day')}`,
        quantity: 1,
        per: 'package',
        unitPriceCents: plan.priceCents,
        amountCents: q.subtotalCents,
        ...origin,
        note: share ?? `The package price covers ${plural(plan.durationDays, 'day')}`,
      },
    ];
  }
  const gb = plan.unit === 'GB';
  return [
    {
      label: gb ? `${q.units.toLocaleString('en-US')} GB` : plural(q.units, 'thread'),
      quantity: q.units,
      per: gb ? 'GB' : 'thread',
      unitPriceCents: q.unitPriceCents,
      amountCents: q.subtotalCents,
      ...origin,
      note: share,
    },
    {
      label: plural(q.days, 'day'),
      quantity: q.days,
      per: 'day',
      unitPriceCents: 0,
      amountCents: 0,
      source: 'included',
      table: origin.table,
      note: gb
        ? `The GB price covers ${plural(plan.durationDays, 'day')} of use`
        : `The thread price is per ${plural(plan.durationDays, 'day')}`,
    },
  ];
}
