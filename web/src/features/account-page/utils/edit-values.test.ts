import { describe, expect, it } from 'vitest';
import { buildAdminAccount } from '../test-data.ts';
import { changesOf, editValuesOf, needsReason } from './edit-values.ts';

describe('edit account values', () => {
  const account = buildAdminAccount();
  const initial = editValuesOf(account);

  it('sends nothing when nothing changed', () => {
    expect(changesOf(initial, { ...initial })).toEqual({});
  });

  it('sends only changed fields, typed, with changed referral rates alone', () => {
    const body = changesOf(initial, {
      ...initial,
      stripePaymentProcessorEnabled: 'false',
      stripeLimit: '250.5',
      rate_isp: '7.5',
      message: 'Please update your billing address',
    });
    expect(body).toEqual({
      stripePaymentProcessorEnabled: false,
      stripeLimit: 250.5,
      referralRates: { isp: 7.5 },
      message: 'Please update your billing address',
    });
    expect(needsReason(body)).toBe(true);
    expect(needsReason({ message: 'x', referralRates: { isp: 1 } })).toBe(false);
  });
});
