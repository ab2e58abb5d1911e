import { describe, expect, it } from 'vitest';
import { PricingError } from './pricing.ts';
import { priceRenewal } from './renew-pricing.ts';

const gbPlan = {
  priceCents: 3000,
  durationDays: 30,
  minRenewDays: 1,
  maxRenewDays: 90,
  bandwidthPrices: JSON.stringify([{ value: 1, price: 4 }]),
  threadPrices: '',
};
const none = new Map<string, unknown>();

describe('renewal pricing', () => {
  it('falls back to the plan’s own tiers for GB, and to its package price per day for time', () => {
    const gb = priceRenewal({
      plan: gbPlan,
      type: 'mobile',
      currentThreads: 0,
      settings: none,
      body: { updatingType: 'bandwidth', bandwidth: 3 },
    });
    expect(gb).toMatchObject({ unit: 'GB', units: 3, days: 0, subtotalCents: 1200 });
    const time = priceRenewal({
      plan: gbPlan,
      type: 'mobile',
      currentThreads: 0,
      settings: none,
      body: { updatingType: 'extend', days: 10 },
    });
    expect(time).toMatchObject({ units: 0, days: 10, subtotalCents: 1000 });
  });

  it('uses a fixed extension price for 1, 7, 30 and 60 days and the day price otherwise', () => {
    const settings = new Map<string, unknown>([
      ['ResidentialExtendByOneWeekPrice', 2.5],
      ['ResidentialExtendBySingleDayPrice', '0.45'],
    ]);
    const price = (days: number) =>
      priceRenewal({
        plan: gbPlan,
        type: 'residential',
        currentThreads: 0,
        settings,
        body: { updatingType: 'extend', days },
      }).subtotalCents;
    expect(price(7)).toBe(250);
    expect(price(3)).toBe(135);
    expect(price(1)).toBe(45);
  });

  it('adds both parts for a renew of a bandwidth plan and names them', () => {
    const settings = new Map<string, unknown>([
      ['RenewResiBandwidthPrices', [{ value: 1, price: 3 }]],
      ['ResidentialExtendByMonthPrice', 8],
    ]);
    const both = priceRenewal({
      plan: gbPlan,
      type: 'residential',
      currentThreads: 0,
      settings,
      body: { updatingType: 'renew', bandwidth: 2, days: 30 },
    });
    expect(both).toMatchObject({ subtotalCents: 1400, units: 2, days: 30, description: 'Renewal: 2 GB, 30 days' });
  });

  it('refuses bad tables and out-of-range days with reasons', () => {
    const bad = new Map<string, unknown>([['RenewResiBandwidthPrices', 'not json']]);
    expect(() =>
      priceRenewal({
        plan: gbPlan,
        type: 'residential',
        currentThreads: 0,
        settings: bad,
        body: { updatingType: 'bandwidth', bandwidth: 1 },
      }),
    ).toThrow(PricingError);
    expect(() =>
      priceRenewal({
        plan: gbPlan,
        type: 'residential',
        currentThreads: 0,
        settings: none,
        body: { updatingType: 'extend', days: 91 },
      }),
    ).toThrow('Choose between 1 and 90 days');
    const negative = new Map<string, unknown>([['ResidentialExtendByMonthPrice', -1]]);
    expect(() =>
      priceRenewal({
        plan: gbPlan,
        type: 'residential',
        currentThreads: 0,
        settings: negative,
        body: { updatingType: 'extend', days: 30 },
      }),
    ).toThrow('ResidentialExtendByMonthPrice must be a price in dollars');
  });

  it('prices a thread plan’s new period from its tiers, prorated, and keeps threads on extend', () => {
    const threadPlan = { ...gbPlan, bandwidthPrices: '', threadPrices: JSON.stringify([{ value: 1, price: 3 }]) };
    const renewed = priceRenewal({
      plan: threadPlan,
      type: 'datacenter',
      currentThreads: 4,
      settings: none,
      body: { updatingType: 'renew', threads: 10, days: 15 },
    });
    expect(renewed).toMatchObject({ unit: 'threads', units: 10, subtotalCents: 1500 });
    const extended = priceRenewal({
      plan: threadPlan,
      type: 'datacenter',
      currentThreads: 4,
      settings: none,
      body: { updatingType: 'extend', threads: 99, days: 30 },
    });
    expect(extended).toMatchObject({ units: 4, subtotalCents: 1200 });
  });
});
