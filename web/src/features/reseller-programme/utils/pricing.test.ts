import { describe, expect, it } from 'vitest';
import { memberDashboard } from '../test-data.ts';
import { estimate, offered, returnRule } from './pricing.ts';

const terms = memberDashboard();

describe('estimate (ADR 021, as the server charges)', () => {
  it('takes residential GB from the prepaid pool first, then charges the rest', () => {
    expect(estimate(terms, { type: 'residential', units: 50, days: 30 })).toMatchObject({
      kind: 'total',
      total: 25,
      poolGb: 40,
    });
  });

  it('prices datacenter only for 1, 7 or 30 days and ISP in whole 30-day periods', () => {
    expect(estimate(terms, { type: 'datacenter', units: 10, days: 7 })).toMatchObject({ kind: 'total', total: 9 });
    expect(estimate(terms, { type: 'datacenter', units: 10, days: 14 }).kind).toBe('refused');
    expect(estimate(terms, { type: 'isp', units: 2, days: 60 })).toMatchObject({ kind: 'total', total: 12.6 });
    expect(estimate(terms, { type: 'isp', units: 2, days: 45 }).kind).toBe('refused');
  });

  it('says IPv6 is the catalogue less the discount, and a product without a price is not offered', () => {
    expect(estimate(terms, { type: 'ipv6', units: 5, days: 30 })).toMatchObject({ kind: 'discount' });
    const noMobile = { ...terms, prices: { ...terms.prices, mobileprice: null } };
    expect(offered(noMobile.prices, 'mobile')).toBe(false);
    expect(estimate(noMobile, { type: 'mobile', units: 5, days: 30 }).kind).toBe('refused');
  });

  it('names what a deleted plan gives back per product', () => {
    expect(returnRule('residential')).toMatch(/prepaid pool/);
    expect(returnRule('mobile')).toMatch(/balance/);
    expect(returnRule('isp')).toMatch(/return nothing/);
  });
});
