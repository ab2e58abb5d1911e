import { describe, expect, it } from 'vitest';
import { buildSubscription } from '../test/builders.ts';
import { planOptionLabel, shortPlanId, usageText } from './plan-identity.ts';

describe('plan identity', () => {
  it('tells two purchases of one product apart in a selector', () => {
    const a = buildSubscription({ id: '1a2b3c4d-0000-4000-8000-000000000001', proxyUsername: 'tg_aaaaaa' });
    const b = buildSubscription({ id: '9f8e7d6c-0000-4000-8000-000000000002', proxyUsername: 'tg_bbbbbb' });
    expect(planOptionLabel(a)).not.toBe(planOptionLabel(b));
    expect(planOptionLabel(a)).toMatch(
      /^Residential Rotating, 10 GB · #1A2B3C4D · user tg_aaaaaa · bought \w{3} \d+, \d{4}$/,
    );
  });

  it('leads with the name the customer gave, then the product', () => {
    const named = buildSubscription({ label: 'Scraper EU', proxyUsername: 'tg_aaaaaa', threads: 0 });
    expect(planOptionLabel(named)).toMatch(/^Scraper EU — Residential Rotating, 10 GB · #/);
    expect(shortPlanId('abcdef12-3456-4000-8000-000000000000')).toBe('#ABCDEF12');
  });

  it('shows usage under a gigabyte in MB and KB, not 0 GB', () => {
    expect(usageText(buildSubscription({ bandwidth: 5, bandwidthUsedBytes: 3 * 1024 ** 2 }))).toBe('3 MB of 5 GB used');
    expect(usageText(buildSubscription({ bandwidth: 5, bandwidthUsedBytes: 700 * 1024 }))).toBe('700 KB of 5 GB used');
    expect(usageText(buildSubscription({ bandwidth: 0, threads: 10, bandwidthUsedBytes: 0 }))).toBe('10 threads');
  });
});
