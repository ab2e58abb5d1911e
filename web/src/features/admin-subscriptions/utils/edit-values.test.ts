import { describe, expect, it } from 'vitest';
import { toLocalInput } from '#lib/local-datetime.ts';
import { changesOf, fromLocalInput } from './edit-values.ts';

const initial = {
  country: 'US',
  bandwidth: '10',
  threads: '0',
  expiresAt: '2026-12-21T10:30',
  status: 'active',
  autoRenew: 'false',
  renewValue: '',
};

describe('edit values', () => {
  it('round-trips an end date through the local date-time input', () => {
    const iso = fromLocalInput('2026-12-21T10:30')!;
    expect(toLocalInput(iso)).toBe('2026-12-21T10:30');
    expect(fromLocalInput('')).toBeUndefined();
    expect(toLocalInput(null)).toBe('');
  });

  it('sends only what changed, typed as the contract wants it', () => {
    expect(changesOf(initial, initial)).toEqual({});
    expect(
      changesOf(initial, { ...initial, bandwidth: '15', autoRenew: 'true', renewValue: '30', status: 'expired' }),
    ).toEqual({ bandwidth: 15, autoRenew: true, renewValue: 30, status: 'expired' });
    expect(changesOf({ ...initial, renewValue: '30' }, initial)).toEqual({ renewValue: null });
    expect(changesOf(initial, { ...initial, expiresAt: '2027-01-01T00:00' })).toEqual({
      expiresAt: new Date('2027-01-01T00:00').toISOString(),
    });
  });
});
