import { describe, expect, it } from 'vitest';
import { audienceFieldsOf, audienceOf, describeAudience, EMPTY_AUDIENCE } from './audience.ts';

describe('campaign audience fields', () => {
  it('turns the picker’s fields into the contract’s audience, and back', () => {
    const cases = [
      { kind: 'all' },
      { kind: 'plan-type', type: 'mobile' },
      { kind: 'expiring', days: 14 },
      { kind: 'account', account: 'alice' },
    ] as const;
    for (const audience of cases) expect(audienceOf(audienceFieldsOf(audience))).toEqual({ audience });
  });

  it('names the first problem of an incomplete audience instead of sending it', () => {
    expect(audienceOf({ ...EMPTY_AUDIENCE, kind: 'expiring', days: '0' })).toEqual({ problem: 'At least 1 day' });
    expect(audienceOf({ ...EMPTY_AUDIENCE, kind: 'expiring', days: '400' })).toEqual({ problem: 'At most 365 days' });
    expect(audienceOf({ ...EMPTY_AUDIENCE, kind: 'expiring', days: '' })).toHaveProperty('problem');
    expect(audienceOf({ ...EMPTY_AUDIENCE, kind: 'account', account: '  ' })).toEqual({
      problem: 'Enter a username or email',
    });
  });

  it('describes an audience in words for the lists', () => {
    expect(describeAudience({ kind: 'plan-type', type: 'isp' })).toBe('Active ISP plan');
    expect(describeAudience({ kind: 'expiring', days: 1 })).toBe('Plan expires within 1 day');
  });
});
