import { describe, expect, it } from 'vitest';
import { customRange, failureRate, presetRange, usageCsv, usagePath } from './usage-range.ts';

describe('presetRange', () => {
  it('ends now and starts the preset length before', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(presetRange('24h', now)).toEqual({ from: '2026-11-20T12:00:00.000Z', to: '2026-11-21T12:00:00.000Z' });
    expect(presetRange('30d', now).from).toBe('2026-10-22T12:00:00.000Z');
  });
});

describe('customRange', () => {
  it('covers whole local days from the start of one to the end of the other', () => {
    const result = customRange('2026-11-01', '2026-11-03');
    expect(result).toEqual({
      ok: true,
      range: {
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(new Date(2026, 10, 4).getTime() - 1).toISOString(),
      },
    });
  });

  it('refuses a missing or reversed period and one longer than 92 days', () => {
    expect(customRange('', '2026-11-03')).toMatchObject({ ok: false, field: 'from' });
    expect(customRange('2026-11-03', '2026-11-01')).toMatchObject({ ok: false, field: 'to' });
    expect(customRange('2026-01-01', '2026-12-31')).toEqual({
      ok: false,
      field: 'to',
      message: 'Choose at most 92 days',
    });
    expect(customRange('2026-01-01', '2026-04-02')).toMatchObject({ ok: true });
  });
});

describe('usage helpers', () => {
  it('computes the failure rate without dividing by zero', () => {
    expect(failureRate({ requests: 200, failures: 3 })).toBe(1.5);
    expect(failureRate({ requests: 0, failures: 0 })).toBe(0);
  });

  it('exports the series as at,bytes_in,bytes_out,requests,failures', () => {
    expect(usageCsv([{ at: '2026-11-21T00:00:00.000Z', bytesIn: 10, bytesOut: 20, requests: 3, failures: 1 }])).toBe(
      'at,bytes_in,bytes_out,requests,failures\r\n2026-11-21T00:00:00.000Z,10,20,3,1\r\n',
    );
  });

  it('links to the usage of one plan', () => {
    expect(usagePath('abc')).toBe('/proxy-usage?subscriptionId=abc');
    expect(usagePath()).toBe('/proxy-usage');
  });
});
