import { describe, expect, it } from 'vitest';
import { giftBody } from './gift-body.ts';

const plan = 'b3c1e4a0-5d6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('giftBody', () => {
  it('sends region only when non-blank and additionalField only as a number', () => {
    expect(giftBody({ plan, region: ' DE ', additionalField: '5' }, { regions: true, unit: 'GB' })).toEqual({
      plan,
      region: 'DE',
      additionalField: 5,
    });
    expect(giftBody({ plan, region: '  ', additionalField: '' }, { regions: true, unit: 'threads' })).toEqual({ plan });
  });

  it('leaves out what the plan does not use', () => {
    expect(giftBody({ plan, region: 'DE', additionalField: '5' }, { regions: false, unit: 'package' })).toEqual({
      plan,
    });
  });
});
