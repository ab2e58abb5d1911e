import { z } from 'zod';

/**
 * Where a charge's price comes from (ADR 016). Purchases use the plan's own prices; renewals use the
 * renewal tables in settings when the operator set them, and fall back to the plan's prices.
 */
export const PRICE_SOURCES = [
  /** The plan's GB or thread tiers (bandwidthPrices, threadPrices). */
  'plan-tiers',
  /** The plan's package price for its duration. */
  'plan-price',
  /** A renewal table in settings (RenewResiBandwidthPrices, RenewISPPrices, ...). */
  'renewal-tiers',
  /** A fixed extension price in settings (ResidentialExtendByMonthPrice, ...). */
  'extension-price',
  /** The per-day extension price in settings (ResidentialExtendBySingleDayPrice). */
  'extension-per-day',
  /** Included in another line's price (the period a purchase's GB come with). */
  'included',
  /** Money added to the balance: no price table. */
  'deposit',
  /** A reseller's own unit price (ADR 021), from its extras in reseller_terms. */
  'reseller-price',
] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** What one unit of a line is: a GB, a thread for one period, a day, a period of days, a package. */
export const PRICE_PER = ['GB', 'thread', 'day', 'period', 'package'] as const;

/** One charge of a price, as the server's pricing module produced it; screens only render it. */
export const priceLineSchema = z.object({
  label: z.string(),
  quantity: z.number().int(),
  per: z.enum(PRICE_PER),
  unitPrice: z.number(),
  /** Dollars; the lines of a price add up to its subtotal. */
  amount: z.number(),
  source: z.enum(PRICE_SOURCES),
  /** The table by name: "plan" or the settings key, for staff and for the curious. */
  table: z.string(),
  /** Why the amount is what it is, in a sentence (a shorter period, a renewal price), or null. */
  note: z.string().nullable(),
});
export type PriceLine = z.infer<typeof priceLineSchema>;

/** An example renewal of a plan, priced by the same code as a real one. */
export const renewalExampleSchema = z.object({
  label: z.string(),
  lines: z.array(priceLineSchema),
  subtotal: z.number(),
});
export type RenewalExample = z.infer<typeof renewalExampleSchema>;
