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

export const dollarsSchema = z
  .number({ error: 'Enter an amount in dollars' })
  .finite()
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals');
