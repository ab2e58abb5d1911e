import { describe, expect, it } from 'vitest';
import { diffOf, fieldLabel } from './diff.ts';

describe('diffOf', () => {
  it('lists changed fields first, with money in dollars, and keeps unchanged ones after', () => {
    const changes = diffOf(
      { title: 'Basic', priceCents: 1000, visible: true, tiers: [{ value: 1, price: 2 }] },
      { title: 'Basic', priceCents: 1250, visible: false, tiers: [{ value: 1, price: 3 }] },
    );
    expect(changes).toEqual([
      { path: 'priceCents', before: '$10.00', after: '$12.50', kind: 'changed' },
      { path: 'visible', before: 'Yes', after: 'No', kind: 'changed' },
      { path: 'tiers[0].price', before: '2', after: '3', kind: 'changed' },
      { path: 'title', before: 'Basic', after: 'Basic', kind: 'same' },
      { path: 'tiers[0].value', before: '1', after: '1', kind: 'same' },
    ]);
  });

  it('marks every field added when there was nothing before, and removed when nothing is left', () => {
    expect(diffOf(null, { code: 'SPRING', countries: ['US', 'DE'] })).toEqual([
      { path: 'code', before: null, after: 'SPRING', kind: 'added' },
      { path: 'countries', before: null, after: 'US, DE', kind: 'added' },
    ]);
    expect(diffOf({ billing: { city: 'Oslo' } }, null)).toEqual([
      { path: 'billing.city', before: 'Oslo', after: null, kind: 'removed' },
    ]);
  });

  it('compares plain values that are not records', () => {
    expect(diffOf('old text', 'new text')).toEqual([
      { path: 'value', before: 'old text', after: 'new text', kind: 'changed' },
    ]);
  });
});

describe('fieldLabel', () => {
  it('turns field paths into words', () => {
    expect(fieldLabel('balanceCents')).toBe('Balance');
    expect(fieldLabel('billing.vatNumber')).toBe('Billing › Vat number');
    expect(fieldLabel('stripe_limit')).toBe('Stripe limit');
  });
});
