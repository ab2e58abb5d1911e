import { z } from 'zod';

/**
 * Money travels as dollars with at most two decimals (spec §3 shows balances that way) and is kept
 * as integer cents everywhere else. These are the only conversions.
 */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * True for numbers written with at most two decimals. A value too small to be a cent (1e-308) has
 * more than two decimals too, though `v * 100` rounds to a whole 0: it would become 0 cents.
 */
export function hasAtMostTwoDecimals(v: number): boolean {
  const cents = Math.round(v * 100);
  return Math.abs(v * 100 - cents) < 1e-6 && (cents !== 0 || v === 0);
}

/** Larger amounts are mistakes (or attacks): they would not fit the cents columns either. */
export const MAX_DOLLARS = 100_000_000;

export const dollarsSchema = z
  .number({ error: 'Enter an amount in dollars' })
  .finite()
  .min(-MAX_DOLLARS, 'Amounts are at most $100,000,000')
  .max(MAX_DOLLARS, 'Amounts are at most $100,000,000')
  .refine(hasAtMostTwoDecimals, 'Use at most two decimals');
