/** What a quote is made of: pricing.ts computes it, price-lines.ts writes it out as invoice lines. */
export interface Quote {
  units: number;
  days: number;
  unitPriceCents: number | null;
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  totalCents: number;
}

export type PricingUnit = 'GB' | 'threads' | 'package';
