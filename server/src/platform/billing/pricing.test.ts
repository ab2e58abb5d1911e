import { describe, expect, it } from 'vitest';
import { parseTiers, PricingError, quote, roundDiv, tierFor, type PricedPlan } from './pricing';

const residential: PricedPlan = {
  priceCents: 0,
  durationDays: 30,
  minDays: 1,
  maxDays: 365,
  tiers: parseTiers('[{"value":1,"price":4},{"value":10,"price":3.5},{"value":100,"price":2.75}]', 'bandwidthPrices'),
};

describe('roundDiv', () => {
  it('rounds halves up and everything else to the nearest cent, exactly', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(7, 2)).toBe(4);
    expect(roundDiv(10, 3)).toBe(3);
    expect(roundDiv(20, 3)).toBe(7);
    expect(roundDiv(0, 7)).toBe(0);
    // Large enough that floating point would lose the half.
    expect(roundDiv(9_007_199_254_740_991, 2)).toBe(4_503_599_627_370_496);
  });

  it('refuses negative or fractional inputs', () => {
    expect(() => roundDiv(-1, 2)).toThrow(PricingError);
    expect(() => roundDiv(1.5, 2)).toThrow(PricingError);
    expect(() => roundDiv(1, 0)).toThrow(PricingError);
  });
});

describe('tiers sent as text', () => {
  it('parses, sorts and converts dollars to cents', () => {
    expect(parseTiers('[{"value":10,"price":3.5},{"value":1,"price":4}]', 'bandwidthPrices')).toEqual([
      { min: 1, unitPriceCents: 400 },
      { min: 10, unitPriceCents: 350 },
    ]);
    expect(parseTiers('', 'threadPrices')).toEqual([]);
    expect(parseTiers(null, 'threadPrices')).toEqual([]);
  });

  it('refuses text that is not a clean list of tiers, saying what is wrong', () => {
    expect(() => parseTiers('{"value":1}', 'bandwidthPrices')).toThrow(
      'bandwidthPrices must be a JSON list of {"value", "price"}',
    );
    expect(() => parseTiers('not json', 'bandwidthPrices')).toThrow('must be a JSON list');
    expect(() => parseTiers('[{"value":0,"price":1}]', 'bandwidthPrices')).toThrow(
      'item 1: value must be a whole number of at least 1',
    );
    expect(() => parseTiers('[{"value":2.5,"price":1}]', 'bandwidthPrices')).toThrow('item 1: value');
    expect(() => parseTiers('[{"value":1,"price":-1}]', 'bandwidthPrices')).toThrow('item 1: price must be dollars');
    expect(() => parseTiers('[{"value":1,"price":1.005}]', 'bandwidthPrices')).toThrow('at most two decimals');
    expect(() => parseTiers('[{"value":5,"price":1},{"value":5,"price":2}]', 'threadPrices')).toThrow(
      'two tiers start at 5',
    );
  });

  it('picks the tier with the largest start not above the quantity', () => {
    const tiers = residential.tiers;
    expect(tierFor(tiers, 1).unitPriceCents).toBe(400);
    expect(tierFor(tiers, 9).unitPriceCents).toBe(400);
    expect(tierFor(tiers, 10).unitPriceCents).toBe(350);
    expect(tierFor(tiers, 99).unitPriceCents).toBe(350);
    expect(tierFor(tiers, 100).unitPriceCents).toBe(275);
    expect(tierFor(tiers, 5000).unitPriceCents).toBe(275);
    expect(() => tierFor(parseTiers('[{"value":5,"price":1}]', 'x'), 4)).toThrow('The minimum is 5');
  });
});

describe('quote', () => {
  it('prices units at their tier for the plan duration', () => {
    expect(quote(residential, { units: 10 })).toEqual({
      units: 10,
      days: 30,
      unitPriceCents: 350,
      subtotalCents: 3500,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 3500,
    });
    expect(quote(residential, { units: 100 }).totalCents).toBe(27_500);
  });

  it('charges a fixed package its price when the plan has no tiers', () => {
    const isp: PricedPlan = { priceCents: 1999, durationDays: 30, minDays: 30, maxDays: 90, tiers: [] };
    expect(quote(isp, { units: 1 })).toMatchObject({ unitPriceCents: null, subtotalCents: 1999, totalCents: 1999 });
  });

  it('prorates other lengths by day, rounding half up', () => {
    // 3 GB at $4 = 1200 cents for 30 days; 7 days = 280 cents exactly.
    expect(quote(residential, { units: 3, days: 7 }).subtotalCents).toBe(280);
    // 1 GB at $4 for 1 day = 400 / 30 = 13.33 -> 13 cents.
    expect(quote(residential, { units: 1, days: 1 }).subtotalCents).toBe(13);
    // 10 GB at $3.50 for 45 days = 3500 * 45 / 30 = 5250 cents.
    expect(quote(residential, { units: 10, days: 45 }).subtotalCents).toBe(5250);
    // 1 GB for 2 days: 800 / 30 = 26.67 -> 27 cents.
    expect(quote(residential, { units: 1, days: 2 }).subtotalCents).toBe(27);
  });

  it('applies percentage coupons in exact cents, never below zero', () => {
    expect(quote(residential, { units: 10, discountPercent: 10 })).toMatchObject({
      discountCents: 350,
      totalCents: 3150,
    });
    expect(quote(residential, { units: 1, days: 1, discountPercent: 50 })).toMatchObject({
      subtotalCents: 13,
      discountCents: 7,
      totalCents: 6,
    });
    expect(quote(residential, { units: 10, discountPercent: 12.5 })).toMatchObject({
      discountCents: 438,
      totalCents: 3062,
    });
    expect(quote(residential, { units: 10, discountPercent: 100 })).toMatchObject({
      discountCents: 3500,
      totalCents: 0,
    });
  });

  it('refuses quantities, lengths and discounts outside the rules', () => {
    expect(() => quote(residential, { units: 0 })).toThrow('Choose a whole number of at least 1');
    expect(() => quote(residential, { units: 1.5 })).toThrow('whole number');
    expect(() => quote(residential, { units: 1, days: 0 })).toThrow('Choose between 1 and 365 days');
    expect(() => quote(residential, { units: 1, days: 366 })).toThrow('Choose between 1 and 365 days');
    expect(() => quote(residential, { units: 1, discountPercent: 101 })).toThrow('between 0 and 100 percent');
    expect(() => quote(residential, { units: 1, discountPercent: -5 })).toThrow('between 0 and 100 percent');
  });
});
