import { describe, expect, it } from 'vitest';
import { dollarsSchema, hasAtMostTwoDecimals } from './money';

describe('hasAtMostTwoDecimals', () => {
  it('accepts whole cents, zero and negative amounts', () => {
    for (const v of [0, 1, 0.01, 19.99, -0.5, 0.1 + 0.2, 100_000_000])
      expect(hasAtMostTwoDecimals(v), String(v)).toBe(true);
  });

  it('refuses fractions of a cent, however small (1e-308 was a 500 on gifts)', () => {
    for (const v of [0.001, 1.005, 1e-308, -1e-308, Number.MIN_VALUE, 5e-7])
      expect(hasAtMostTwoDecimals(v), String(v)).toBe(false);
    expect(dollarsSchema.safeParse(1e-308).error?.issues[0]?.message).toBe('Use at most two decimals');
  });
});
