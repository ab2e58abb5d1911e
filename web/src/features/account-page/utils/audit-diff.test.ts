import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff.ts';

describe('auditChanges', () => {
  it('names only the fields that changed, in words', () => {
    expect(
      auditChanges(
        { stripeLimit: 100, email: 'a@x.test', stripePaymentProcessorEnabled: true },
        { stripeLimit: 250, email: 'a@x.test', stripePaymentProcessorEnabled: false },
      ),
    ).toEqual([
      { field: 'Stripe limit', before: '100', after: '250' },
      { field: 'Stripe payment processor enabled', before: 'yes', after: 'no' },
    ]);
  });

  it('reads nested values and one-sided rows', () => {
    expect(auditChanges(null, { referralRates: { isp: 5 } })).toEqual([
      { field: 'Referral rates › Isp', before: '—', after: '5' },
    ]);
    expect(auditChanges({ balance: 10 }, null)).toEqual([{ field: 'Balance', before: '10', after: '—' }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges({ balanceCents: 2500 }, { balanceCents: 12500 })).toEqual([
      { field: 'Balance', before: '$25.00', after: '$125.00' },
    ]);
  });
});
